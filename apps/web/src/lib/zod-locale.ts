// Aliased: the contract's name starts with `use`, but it is a start-up call, not a React hook.
import { useBrazilianPortugueseErrors as installBrazilianPortugueseErrors } from '@chaveiro/contract';

/**
 * Imported for its effect by the modules that validate with zod (the app shell, the landing's
 * newsletter), not by main.tsx: zod then stays out of the first load of `/`.
 */
installBrazilianPortugueseErrors();
