import { getLanguageService } from '../core';

/** The core's language service, one for the whole command. */
export const languageService = getLanguageService();
