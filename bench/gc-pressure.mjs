// Preloaded into the server by bench/soak.ts (with --expose-gc): a full
// garbage collection every 2 s, between the editor's saves, so objects that
// native code still points to are collected as early as they can be.
setInterval(() => globalThis.gc?.(), 2000).unref();
