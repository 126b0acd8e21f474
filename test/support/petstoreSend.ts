// Send Request of the pet store example's getPet in a real VS Code, as a user does it: open the file, run the
// command, pick the operation, answer each prompt and the secret; the result panel it opens is returned.
import type { Frame, Page } from 'playwright-core';
import { PETSTORE_API_KEY } from '../../scripts/demo/petstore';
import { openConnectorToSend } from './codeServer';
import { answerQuickInput, pickQuickPickRow, resultPanelFrame, runCommand } from './vscodeUi';

/** Sends getPet with these answers (X-Request-Id left empty by default) and returns the result panel. */
export async function sendGetPet(page: Page, answers: { petId: string; lang: string; requestId?: string }): Promise<Frame> {
  await openConnectorToSend(page, 'petstore.connector.json');
  await runCommand(page, 'Connector: Send Request');
  await pickQuickPickRow(page, 'getPet');
  await answerQuickInput(page, answers.petId, /petId/);
  await answerQuickInput(page, answers.lang, /lang/);
  await answerQuickInput(page, answers.requestId ?? '', /X-Request-Id/);
  await answerQuickInput(page, PETSTORE_API_KEY, /Secret 'petstore'/);
  return resultPanelFrame(page, `/pets/${answers.petId};lang=${answers.lang}`);
}
