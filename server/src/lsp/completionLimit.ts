import type { CompletionProposal } from '../core';

/**
 * The most proposals one completion answer carries. A Custom request's url against a large service has a thousand
 * names with their documentation: hundreds of kilobytes to encode, send and decode at every keystroke. A hundred is
 * more than a completion list shows; typing narrows them, and the editor asks again because the list is incomplete.
 */
export const MAX_COMPLETION_ITEMS = 100;

/** The proposals to send: all when they are few, else at most MAX_COMPLETION_ITEMS of those that fit what is typed. */
export function boundedProposals(list: readonly CompletionProposal[], text: string, offset: number): { proposals: readonly CompletionProposal[]; incomplete: boolean } {
  if (list.length <= MAX_COMPLETION_ITEMS) return { proposals: list, incomplete: false };
  const fitting: CompletionProposal[] = [];
  for (const proposal of list) {
    if (!fits(proposal.label, typedFor(proposal, text, offset))) continue;
    if (fitting.length === MAX_COMPLETION_ITEMS) return { proposals: fitting, incomplete: true };
    fitting.push(proposal);
  }
  return { proposals: fitting, incomplete: false };
}

/** What is typed between the start of the proposal's replaced range and the cursor (a string's opening quote left out). */
function typedFor(proposal: CompletionProposal, text: string, offset: number): string {
  const start = proposal.replace.offset;
  if (offset <= start) return '';
  const typed = text.slice(start, offset);
  return typed.startsWith('"') && !proposal.label.startsWith('"') ? typed.slice(1) : typed;
}

/** Whether `label` has the typed characters in order, ignoring case: what the editor's own filter asks at least. */
function fits(label: string, typed: string): boolean {
  let at = 0;
  const lower = label.toLowerCase();
  for (const character of typed.toLowerCase()) {
    at = lower.indexOf(character, at);
    if (at === -1) return false;
    at++;
  }
  return true;
}
