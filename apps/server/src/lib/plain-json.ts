/**
 * A route-level serializer that writes the answer with JSON.stringify, skipping the zod encode
 * of the response schema (the schema still types the route and documents it in OpenAPI). Only
 * for hot public reads whose answer is built field by field by a typed function, so nothing the
 * schema would strip can reach it; measured in bench/ (api-budgets).
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
