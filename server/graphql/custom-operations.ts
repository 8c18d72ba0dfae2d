/**
 * Custom queries and mutations the API serves beside the model operations, with their
 * handlers' names. Account operations arrive with the accounts work (issue 3).
 */
import type { CustomOperation, CustomType } from './appsync-sdl';

export const customTypes: CustomType[] = [];
export const customOperations: CustomOperation[] = [];
