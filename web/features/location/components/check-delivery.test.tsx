import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { deliveryRoute } from '../../../test/shop-lists';
import { CheckDelivery } from './check-delivery';

// docs/product.md#delivery-promise: the field's answers. The line's reserved space, and the field on the
// product page and in the location modal, are e2e/delivery-promise.spec.ts's.

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderField() {
  const { wrapper: Wrapper } = createQueryWrapper();
  return render(
    <Wrapper>
      <CheckDelivery />
    </Wrapper>,
  );
}

function field(): HTMLInputElement {
  return screen.getByLabelText('Check delivery') as HTMLInputElement;
}

describe('Check delivery', () => {
  it('refuses a pincode that is not 6 digits, without asking the server', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    renderField();
    await user.type(field(), '5600');
    await user.click(screen.getByRole('button', { name: 'Check' }));

    expect(screen.getByText('Pincode must be 6 digits')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);
  });

  it('says when no courier serves a pincode, and remembers the pincode for the next page', async () => {
    const user = userEvent.setup();
    fakeApi(deliveryRoute('990001', false));
    const first = renderField();
    await user.type(field(), '990001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText("We don't deliver to 990001 yet")).toBeTruthy();
    first.unmount();

    renderField();
    expect(field().value).toBe('990001');
    await waitFor(() => expect(screen.getByText("We don't deliver to 990001 yet")).toBeTruthy());
  });
});
