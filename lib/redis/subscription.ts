import { Redis } from "ioredis";

/**
 * A Redis channel an in-process cache listens to for invalidations from other instances (the
 * cache primitive, lib/cache/ttl-cache.ts, under the caller cache and the data cache). A message lost while the connection is
 * down cannot be heard later, so the cache must not trust its entries across a gap: `flush`
 * runs when the subscription is lost and again once it is back, and `live` says whether
 * messages are heard right now (a cache stores nothing while it is false).
 */
export interface Subscription {
  readonly live: boolean;
  /** Ends the subscription and its connection (tests). */
  close(): void;
}

export interface SubscriptionOptions {
  url: string;
  channel: string;
  /** The connection's name in CLIENT LIST, e.g. `pums-data-<pid>`. */
  connectionName: string;
  /** Who listens, for the log line when the subscription is lost ("data cache"). */
  listener: string;
  onMessage: (message: string) => void;
  flush: () => void;
}

export function subscribe({ url, channel, connectionName, listener, onMessage, flush }: SubscriptionOptions): Subscription {
  // A connection of its own: a subscribed connection runs no other command. Resubscribing is
  // done here on "ready", so that the flush runs before `live` is true again.
  const connection = new Redis(url, { connectionName, maxRetriesPerRequest: null, enableOfflineQueue: true, autoResubscribe: false });
  const state = { live: false, closed: false };
  const lost = () => {
    if (state.closed) return;
    if (state.live) console.warn(`${listener}: Redis subscription lost; caching paused`);
    state.live = false;
    flush();
  };
  connection.on("close", lost);
  connection.on("end", lost);
  connection.on("error", () => lost());
  connection.on("ready", () => {
    connection.subscribe(channel).then(() => {
      if (state.closed) return;
      flush();
      state.live = true;
    }, lost);
  });
  connection.on("message", (from: string, message: string) => {
    // A closed connection still delivers what was on its way.
    if (from === channel && !state.closed) onMessage(message);
  });
  return {
    get live() {
      return state.live;
    },
    close() {
      state.closed = true;
      state.live = false;
      connection.disconnect();
    },
  };
}
