/**
 * What the composition roots of the event-sourced services share: where a service keeps its
 * embedded stores, opening its event store (with its declared events), read models, checkpoints
 * and personal-data keys, waiting until they answer (store-wait.ts), its document read model with
 * the same logging, what /readyz and /metrics look at, and the explicit rebuild of the read model.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ServiceEvents } from '@listings/contracts/events';
import type { CheckpointStore } from './checkpoints/checkpoint-store.ts';
import { openCheckpointStore } from './checkpoints/open-checkpoint-store.ts';
import type { Config } from './config.ts';
import { withEventSchemas } from './event-store/event-schemas.ts';
import { openEventStore } from './event-store/open-event-store.ts';
import type { Logger } from './logger.ts';
import { storeProbes } from './observability/store-probes.ts';
import { forgetPersonalData, openSubjectKeys, type SubjectKeys } from './personal-data/key-vault.ts';
import { type DocumentProjection, openDocumentReadModel } from './read-models/document-read-model.ts';
import { openReadModelStore } from './read-models/open-read-model-store.ts';
import { type RebuildConfig, rebuildEmbeddedDocumentReadModel } from './read-models/rebuild-embedded.ts';
import { type StoreWaitReporter, storeWaits, untilStoresAnswer } from './store-wait.ts';

/** DATA_DIR, and EVENTS_DIR when the event log lives elsewhere */
export interface ServiceDirs {
  readonly dataDir: string;
  readonly eventsDir?: string | undefined;
}

/**
 * A service's embedded files (used without MONGO_URL / KURRENTDB_URL):
 * `<EVENTS_DIR or DATA_DIR>/<service>/events.sqlite`, `DATA_DIR/<service>/read-models.sqlite` (the
 * read models and their checkpoint) and `DATA_DIR/<service>/personal-data.sqlite` (the keys).
 */
export const serviceFiles = (service: string, dirs: ServiceDirs) => ({
  events: path.join(dirs.eventsDir ?? dirs.dataDir, service, 'events.sqlite'),
  readModels: path.join(dirs.dataDir, service, 'read-models.sqlite'),
  personalData: path.join(dirs.dataDir, service, 'personal-data.sqlite'),
});

export interface ServiceStoresOptions<Doc, View, Keys extends boolean, Checkpoints extends string | null> {
  readonly service: string;
  readonly config: ServiceDirs & Partial<Pick<Config, 'mongo' | 'kurrentdb'>>;
  /** the service's declared events: appends are checked, older versions lifted on read */
  readonly eventSchemas: ServiceEvents;
  /**
   * the subscription checkpoints' SQLite file (without MONGO_URL: `<service>.subscription_checkpoints`);
   * null for a service that runs no checkpointed subscription (none is opened)
   */
  readonly checkpointsFile: Checkpoints;
  /** open the personal-data keys too (crypto-shredding) */
  readonly personalData?: Keys;
  /** the document read model the service queries, and its name in logs and /metrics ("orders index") */
  readonly readModel: { readonly name: string; readonly projection: DocumentProjection<Doc, View> };
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** the process's /readyz (cluster mode): names a store the start waits for */
  readonly readiness?: StoreWaitReporter | undefined;
}

/**
 * Opens a service's stores and waits until each answers (a store not ready yet is waited for,
 * with backoff and named by /readyz, never a crash), then its document read model, which resumes
 * from its checkpoint in the read-model store (rebuilt only on command). The caller closes them.
 */
export const openServiceStores = async <
  Doc,
  View,
  Keys extends boolean = false,
  Checkpoints extends string | null = string,
>(
  options: ServiceStoresOptions<Doc, View, Keys, Checkpoints>,
) => {
  const { service, config, logger } = options;
  const files = serviceFiles(service, config);
  for (const file of [files.events, files.readModels, options.checkpointsFile ?? files.readModels])
    mkdirSync(path.dirname(file), { recursive: true });
  const events = withEventSchemas(openEventStore(config, { service, file: files.events }), options.eventSchemas);
  const readModels = openReadModelStore(config, { service, file: files.readModels });
  const checkpoints = (
    options.checkpointsFile === null
      ? undefined
      : openCheckpointStore(config, { service, file: options.checkpointsFile })
  ) as Checkpoints extends string ? CheckpointStore : undefined;
  const personalDataKeys = (
    options.personalData ? openSubjectKeys({ config, service, file: files.personalData }) : undefined
  ) as Keys extends true ? SubjectKeys : undefined;
  const waits = { logger, readiness: options.readiness };
  const untilAnswers = storeWaits(waits);
  await untilStoresAnswer(waits, {
    events,
    readModels,
    ...(checkpoints ? { checkpoints } : {}),
    ...(personalDataKeys ? { personalDataKeys } : {}),
  });
  const { name, projection } = options.readModel;
  const index = await untilAnswers(name, () =>
    openDocumentReadModel({
      events,
      store: readModels,
      projection,
      onError: (error) => logger.error({ err: error }, `${name} stopped`),
      onWriteError: (error, retryInMs) =>
        logger.warn({ err: error, retry_in_ms: retryInMs }, `${name} not written: the store refused; trying again`),
    }),
  );
  return {
    events,
    readModels,
    checkpoints,
    personalDataKeys,
    index,
    /** waits for another store the service opens (workflows, a search index) the same way */
    untilAnswers,
    /** what /readyz pings and /metrics reports (the read model's lag behind the log) */
    probes: {
      stores: storeProbes({ events, readModels }),
      projections: [{ name, position: () => index.position, events }],
    },
  };
};

/**
 * The explicit rebuild of a service's document read model from position 0, with its own
 * projection, on the stores `config` names (MONGO_URL, KURRENTDB_URL; else the files under
 * dataDir); refuses (ReadModelStoreInUseError) while an instance of the service has them open.
 */
export const rebuildServiceReadModel = async <Doc, View>(options: {
  readonly service: string;
  readonly dataDir: string;
  readonly config?: RebuildConfig | undefined;
  readonly projection: DocumentProjection<Doc, View>;
  readonly eventSchemas: ServiceEvents;
}) => {
  const files = serviceFiles(options.service, { dataDir: options.dataDir, eventsDir: options.config?.eventsDir });
  for (const file of [files.events, files.readModels]) mkdirSync(path.dirname(file), { recursive: true });
  return rebuildEmbeddedDocumentReadModel({
    config: options.config,
    service: options.service,
    eventsPath: files.events,
    readModelsPath: files.readModels,
    projection: options.projection,
    eventSchemas: options.eventSchemas,
  });
};

/**
 * Erases what a service keeps of an account's personal data: its key is deleted (crypto-shredding),
 * so what was sealed with it opens to nothing. Safe while the service runs and to repeat.
 */
export const forgetServicePersonalData = (
  service: string,
  options: {
    readonly dataDir: string;
    readonly accountId: string;
    /** MONGO_URL: the keys are in MongoDB */
    readonly config?: Partial<Pick<Config, 'mongo'>> | undefined;
  },
) =>
  forgetPersonalData({
    config: options.config ?? {},
    service,
    file: serviceFiles(service, options).personalData,
    subject: options.accountId,
  });
