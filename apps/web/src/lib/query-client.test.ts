import { ERROR_CODES } from '@kettle/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { currentUserKey } from './current-user';
import { queryClient } from './query-client';

const refused = (code: string) => new ApiError(403, 'Refused.', code);

async function failMutation(error: ApiError): Promise<void> {
  const mutation = queryClient.getMutationCache().build(queryClient, {
    mutationFn: () => Promise.reject(error),
  });
  await mutation.execute(undefined).catch(() => undefined);
}

describe('the app query client', () => {
  afterEach(() => queryClient.clear());

  it('reads the account again when an action is refused for a suspension', async () => {
    queryClient.setQueryData(currentUserKey, { suspended_until: null });
    await failMutation(refused(ERROR_CODES.accountSuspended));
    expect(queryClient.getQueryState(currentUserKey)?.isInvalidated).toBe(true);
  });

  it('also when a read is refused for one', async () => {
    queryClient.setQueryData(currentUserKey, { suspended_until: null });
    await queryClient
      .fetchQuery({ queryKey: ['refused'], queryFn: () => Promise.reject(refused(ERROR_CODES.accountSuspended)) })
      .catch(() => undefined);
    expect(queryClient.getQueryState(currentUserKey)?.isInvalidated).toBe(true);
  });

  it('leaves the account alone for any other refusal', async () => {
    queryClient.setQueryData(currentUserKey, { suspended_until: null });
    await failMutation(refused(ERROR_CODES.forbidden));
    expect(queryClient.getQueryState(currentUserKey)?.isInvalidated).toBe(false);
  });
});
