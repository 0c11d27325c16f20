import { FallbackImage } from "./fallback-image";

/** A user's picture, or their initials on a colour of their own when they have none or it does not load. */
export function Avatar({ name, url, size = 32 }: { name: string; url: string | null | undefined; size?: number }) {
  const style = { width: size, height: size };
  const initials = name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % HUES.length;
  return (
    <FallbackImage
      src={url}
      alt=""
      style={style}
      className="shrink-0 rounded-full bg-slate-200 object-cover"
      referrerPolicy="no-referrer"
      fallback={
        <span
          aria-hidden
          style={{ ...style, fontSize: size * 0.4 }}
          className={`grid shrink-0 place-items-center rounded-full font-semibold ${HUES[hue]}`}
        >
          {initials || "?"}
        </span>
      }
    />
  );
}

const HUES = [
  "bg-indigo-100 text-indigo-800",
  "bg-emerald-100 text-emerald-800",
  "bg-amber-100 text-amber-900",
  "bg-sky-100 text-sky-800",
  "bg-red-100 text-red-800",
  "bg-violet-100 text-violet-800",
];
