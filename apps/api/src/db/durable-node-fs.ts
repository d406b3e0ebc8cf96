import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The slice of Emscripten's NODEFS this file patches. */
type NodeFsStream = { nfd?: number };
type EmscriptenModule = { NODEFS: { stream_ops: { fsync?: (stream: NodeFsStream) => number } } };

/**
 * PGlite's Node filesystem with a working fsync. PGlite starts PostgreSQL with `-F` (fsync off)
 * and Emscripten's NODEFS has no fsync at all, so a commit was acknowledged while its WAL was only
 * in the operating system's cache: a power cut or OS crash could lose it or corrupt the files
 * (issue 10, finding 19). This forwards PostgreSQL's fsync calls (WAL at commit, data files and
 * directories at checkpoints) to the host's `fsync(2)`.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, options);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (module: unknown) => {
        (module as EmscriptenModule).NODEFS.stream_ops.fsync = (stream) => {
          if (stream.nfd !== undefined) {
            fs.fsyncSync(stream.nfd);
          }
          return 0;
        };
      },
    ];
    return result;
  }
}

/**
 * The embedded database's buffer pool. PostgreSQL's 128 MB default lives in PGlite's WebAssembly
 * heap, which never shrinks: measured on the 2-core machine with the demo and its history, the API
 * idled at 445 MB after a restart with 128 MB, 315 MB with 32 MB and 290 MB with 16 MB. At 24 MB
 * (29 Nov) the API held 310 MB with the demo loaded instead of 342, and sign-in's peak under load
 * fell from 404 to 379 MB. Pages beyond the pool are read from the operating system's file cache.
 */
const SHARED_BUFFERS = '24MB';

/**
 * PostgreSQL's start parameters for a durable embedded database: PGlite's defaults without `-F`,
 * WAL flushed with fsync (Emscripten's fdatasync is a no-op; its fsync reaches the patch above),
 * and a buffer pool of {@link SHARED_BUFFERS}.
 */
export function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
    '-c',
    'wal_sync_method=fsync',
    ...bufferPoolParams(),
  ];
}

function bufferPoolParams(): string[] {
  return ['-c', `shared_buffers=${SHARED_BUFFERS}`];
}

/**
 * Options of an embedded database in memory (the bench's demo, scripts): PGlite's defaults with the
 * buffer pool of a database on disk, so that what is measured on it holds for the product.
 */
export function memoryPgliteOptions(): PGliteOptions {
  return { startParams: [...PGlite.defaultStartParams, ...bufferPoolParams()] };
}

/** Options opening an embedded database in `dataDir` with fsync on. */
export function durablePgliteOptions(dataDir: string): PGliteOptions {
  return { fs: new DurableNodeFS(dataDir), startParams: durableStartParams() };
}
