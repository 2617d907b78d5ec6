// The Emscripten loader of web/wasm (engine.mjs), bundled by esbuild under this name.
declare module 'xq-engine' {
  export interface EngineModule {
    cwrap(name: string, ret: 'string' | 'number' | null, args: string[]): (...a: unknown[]) => any;
    onReport?: (text: string) => void;
  }
  export default function createEngine(options: {
    locateFile?: (path: string) => string;
    wasmBinary?: ArrayBuffer;
    onReport?: (text: string) => void;
  }): Promise<EngineModule>;
}
