import type { FieldValues, Resolver } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";

/**
 * A react-hook-form resolver for a zod schema that loads with its first use instead of with the
 * page: zod and the schema (about 25 KB gzipped) stay out of the public form pages' first-load
 * JavaScript, which phones pay for in blocking time before anyone types. `preload()` starts the
 * download early (on the form's first focus), so a submit rarely waits for it.
 */
export function lazyZodResolver<TFieldValues extends FieldValues, TTransformed>(loadSchema: () => Promise<$ZodType>) {
  let loading: Promise<Resolver<TFieldValues, unknown, TTransformed>> | null = null;
  const load = () =>
    (loading ??= Promise.all([import("@hookform/resolvers/zod"), loadSchema()])
      // zodResolver's overloads tie its types to one literal schema; the caller names them instead.
      .then(
        ([{ zodResolver }, schema]) =>
          (zodResolver as (schema: $ZodType) => unknown)(schema) as Resolver<TFieldValues, unknown, TTransformed>,
      )
      .catch((error: unknown) => {
        loading = null; // a failed download may succeed on the next try
        throw error;
      }));
  const resolver: Resolver<TFieldValues, unknown, TTransformed> = async (values, context, options) =>
    (await load())(values, context, options);
  return { resolver, preload: () => void load().catch(() => undefined) };
}
