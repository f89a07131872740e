import { MongoClient, type MongoClientOptions } from 'mongodb';

/** how long an operation waits for a MongoDB server before it fails (and a store wait tries again) */
export const MONGO_SERVER_SELECTION_TIMEOUT_MS = 10_000;

/**
 * A MongoClient that connects on first use (opening a store stays synchronous, like SQLite's) and
 * that a first connect refused (nothing listening yet, an election) does not spoil. The driver
 * closes the topology of a failed first connect but keeps it, so every later operation would fail
 * with `MongoTopologyClosedError` even once the server is up; the driver's own `connect()` builds a
 * new topology, but its connect-on-first-use only does when there is none. So a failed connect
 * forgets its closed topology, and the next operation connects afresh (store-wait.ts retries it).
 */
export const openMongoClient = (url: string, options: MongoClientOptions = {}): MongoClient => {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: MONGO_SERVER_SELECTION_TIMEOUT_MS, ...options });
  const connect = client.connect.bind(client);
  client.connect = async () => {
    try {
      return await connect();
    } catch (error) {
      // the driver's internal field: undefined makes the next operation connect again
      (client as unknown as { topology?: unknown }).topology = undefined;
      throw error;
    }
  };
  return client;
};
