import { vi } from 'vitest';

type Listener = (event: Event) => void;

/**
 * The browser edge of the realtime stream, for component tests: records every source opened
 * and lets a test play the server (open, named events, errors). Installed with vi.stubGlobal.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readonly withCredentials: boolean;
  readyState = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, Set<Listener>>();
  private lastId = 0;

  constructor(url: string | URL, init?: EventSourceInit) {
    this.url = String(url);
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  /** The most recently opened source. */
  static get latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('No EventSource was opened');
    return source;
  }

  addEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  get closed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }

  /** The query parameter `name` of the stream's URL. */
  param(name: string): string | null {
    return new URL(this.url, 'http://kettle.test').searchParams.get(name);
  }

  // What the server does:

  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatch('open', new Event('open'));
  }

  emit(type: string, data: unknown): void {
    this.lastId += 1;
    this.dispatch(type, new MessageEvent(type, { data: JSON.stringify(data), lastEventId: String(this.lastId) }));
  }

  /** A refused or dropped connection: the browser reports only 'error'. */
  fail(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatch('error', new Event('error'));
  }

  private dispatch(type: string, event: Event): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** Replaces the global EventSource with a fresh FakeEventSource (undo with vi.unstubAllGlobals). */
export function installFakeEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}
