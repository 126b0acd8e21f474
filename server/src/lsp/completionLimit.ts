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
  // Proposals mostly share their replaced range: what is typed is taken (and lowercased) once per range start.
  let typedStart = -1;
  let typed = '';
  let unquoted = '';
  for (const proposal of list) {
    if (proposal.replace.offset !== typedStart) {
      typedStart = proposal.replace.offset;
      typed = typedFor(typedStart, text, offset);
      // A string's opening quote is left out for a label that does not start with one.
      unquoted = typed.startsWith('"') ? typed.slice(1) : typed;
    }
    const wanted = proposal.label.startsWith('"') ? typed : unquoted;
    if (wanted !== '' && !fits(proposal.label, wanted)) continue;
    if (fitting.length === MAX_COMPLETION_ITEMS) return { proposals: fitting, incomplete: true };
    fitting.push(proposal);
  }
  return { proposals: fitting, incomplete: false };
}

/** What is typed, lowercased, between the start of a proposal's replaced range and the cursor. */
function typedFor(start: number, text: string, offset: number): string {
  return offset <= start ? '' : text.slice(start, offset).toLowerCase();
}

/** Whether `label` has the `typed` characters (lowercase) in order, ignoring case: what the editor's own filter asks at least. */
function fits(label: string, typed: string): boolean {
  let at = 0;
  const lower = label.toLowerCase();
  for (const character of typed) {
    at = lower.indexOf(character, at);
    if (at === -1) return false;
    at++;
  }
  return true;
}
