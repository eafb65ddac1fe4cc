import Type from 'typebox';

/** The answer of a route that answers no content (its own shapes are in @civic/contracts). */
export const NoContent = Type.Null({ description: 'No content' });
