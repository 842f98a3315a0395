import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryPromise } from '../../contracts/delivery';
import type { PincodePlace } from '../../contracts/pincode';
import { pincodeFormatProblem } from '../../contracts/pincode-format';
import { ApiError, apiClient } from './api-client';
import { apiPaths } from './paths';

// docs/product.md#pincode-directory: the directory stays on the server; a form asks GET /api/delivery/{pincode},
// which answers the place (city, state) with the delivery promise, or refuses a pincode India Post does not list.

export function deliveryPromiseQueryOptions(pincode: string) {
  return queryOptions({
    queryKey: ['delivery-promise', pincode],
    queryFn: ({ signal }) => apiClient.get<DeliveryPromise>(apiPaths.deliveryPromise(pincode), { signal }),
    // The server caches Shiprocket's answer for hours; the date only moves at midnight.
    staleTime: 30 * 60_000,
    // A refused pincode stays refused: no second call for it.
    retry: (count, error) => !(error instanceof ApiError && error.status === 400) && count < 1,
  });
}

export interface PincodeCheck {
  /** Where India Post puts the pincode; absent when refused, or when the shop could not be reached. */
  place?: PincodePlace;
  /** The rule the pincode breaks, in its message. */
  problem?: string;
}

function checkOf(pincode: string, reply: DeliveryPromise | undefined, error: unknown): PincodeCheck {
  if (error instanceof ApiError && error.status === 400) return { problem: error.message };
  if (!reply) return {};
  // The server names the place of every pincode it accepts; without one there is no verdict here.
  if (!reply.city || !reply.state) return {};
  return { place: { pincode, city: reply.city, state: reply.state } };
}

/** The whole pincode rule at a form's submit: the format here, the directory by the API (answers are cached). */
export async function checkPincode(queryClient: QueryClient, typed: string): Promise<PincodeCheck> {
  const format = pincodeFormatProblem(typed);
  if (format) return { problem: format };
  const pincode = typed.trim();
  try {
    return checkOf(pincode, await queryClient.fetchQuery(deliveryPromiseQueryOptions(pincode)), undefined);
  } catch (error) {
    // Offline or the shop failing: the server checks again when the form is sent.
    return checkOf(pincode, undefined, error);
  }
}

/** The directory as contracts' rules take it, from one check: the checked pincode's place, or none. */
export function lookUpOf(check: PincodeCheck): (pincode: string) => PincodePlace | undefined {
  return (pincode) => {
    if (check.place) return check.place;
    // Unreachable API: no verdict here, the server's decides.
    return check.problem ? undefined : { pincode, city: '', state: '' };
  };
}

/** While a shopper types: the check of a well-formed pincode once the API answers (nothing before that). */
export function usePincodeCheck(typed: string): PincodeCheck {
  const pincode = typed.trim();
  const wellFormed = pincodeFormatProblem(pincode) === undefined;
  const query = useQuery({ ...deliveryPromiseQueryOptions(pincode), enabled: wellFormed });
  if (!wellFormed) return {};
  return checkOf(pincode, query.data, query.error);
}
