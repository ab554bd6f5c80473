/**
 * Who is online: distinct signed-in users with at least one socket on
 * /socket.io. The in-process implementation counts one node's; the Redis one
 * (redis-presence.ts) counts across every node. Both pass presence.contract.ts.
 */
export interface Presence {
  /** Records a connection of `userId`; `connectionId` is unique per socket. */
  connect(userId: string, connectionId: string): Promise<void>;
  disconnect(userId: string, connectionId: string): Promise<void>;
  countOnlineUsers(): Promise<number>;
  /** Called with the new count whenever it changes (on every node); returns an unsubscribe function. */
  onChange(listener: (onlineUsers: number) => void): () => void;
  /** This node leaves: its connections stop counting. */
  close(): Promise<void>;
}

export function createInProcessPresence(): Presence {
  const connectionsByUser = new Map<string, Set<string>>();
  const listeners = new Set<(onlineUsers: number) => void>();

  function notify(): void {
    const count = connectionsByUser.size;
    for (const listener of listeners) listener(count);
  }

  return {
    async connect(userId, connectionId) {
      const connections = connectionsByUser.get(userId);
      if (connections) {
        connections.add(connectionId);
        return;
      }
      connectionsByUser.set(userId, new Set([connectionId]));
      notify();
    },
    async disconnect(userId, connectionId) {
      const connections = connectionsByUser.get(userId);
      if (!connections?.delete(connectionId) || connections.size > 0) return;
      connectionsByUser.delete(userId);
      notify();
    },
    async countOnlineUsers() {
      return connectionsByUser.size;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      connectionsByUser.clear();
    },
  };
}
