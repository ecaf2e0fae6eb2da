import { findPrivateData } from '@kettle/shared/guard';
import type { GuardRequest, GuardReply } from './guard-client';

// The detector runs here, off the main thread: its name lexicon is large and a long text takes
// a millisecond or two, which a phone's typing must not wait for.
self.onmessage = (event: MessageEvent<GuardRequest>) => {
  const { id, text, subjectHandle } = event.data;
  const reply: GuardReply = { id, findings: findPrivateData(text, { subjectHandle }) };
  self.postMessage(reply);
};
