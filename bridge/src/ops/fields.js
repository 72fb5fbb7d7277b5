// How an op describes its request fields: each is required or optional, of one JSON type (schema.js checks).

/** A field the request must carry, of `type` ('string', 'integer', 'executor', 'items'). */
export const required = (type) => ({ type, required: true });
/** A field the request may carry, of `type`. */
export const optional = (type) => ({ type, required: false });
