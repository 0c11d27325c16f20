/**
 * How a download shows itself: a bar redrawn in place on a terminal, one plain line per file
 * otherwise (logs, pipes, tests).
 */
export interface Progress {
  start(name: string, total: number, already: number): void;
  advance(bytes: number): void;
  done(): void;
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}

const BAR_WIDTH = 30;

export function progressFor(stream: NodeJS.WriteStream = process.stdout): Progress {
  let name = "";
  let total = 0;
  let received = 0;
  let resumedFrom = 0;
  let lastDraw = 0;
  const draw = (force = false) => {
    const now = Date.now();
    if (!force && now - lastDraw < 100) return;
    lastDraw = now;
    const share = total > 0 ? Math.min(1, received / total) : 1;
    const filled = Math.round(share * BAR_WIDTH);
    stream.write(
      `\r${name} [${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}] ${Math.floor(share * 100)}% ${size(received)}/${size(total)}`,
    );
  };
  if (stream.isTTY)
    return {
      start(file, all, already) {
        name = file;
        total = all;
        received = already;
        draw(true);
      },
      advance(bytes) {
        received += bytes;
        draw();
      },
      done() {
        draw(true);
        stream.write("\n");
      },
    };
  return {
    start(file, all, already) {
      name = file;
      total = all;
      resumedFrom = already;
    },
    advance() {},
    done() {
      stream.write(`Downloaded ${name} (${size(total)}${resumedFrom > 0 ? `, resumed at ${size(resumedFrom)}` : ""})\n`);
    },
  };
}

/** No output at all (unit tests). */
export const silentProgress: Progress = { start() {}, advance() {}, done() {} };
