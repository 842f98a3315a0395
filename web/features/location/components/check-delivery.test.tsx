import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonReply } from '../../../test/fake-api';
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
  it.each(['5600', '5600AB', '1234567', '000000', '012345'])(
    'refuses %s, not 6 digits or starting with 0, without asking the server',
    async (pincode) => {
      const user = userEvent.setup();
      const api = fakeApi();
      renderField();
      await user.type(field(), pincode);
      await user.click(screen.getByRole('button', { name: 'Check' }));

      expect(screen.getByText('Pincode must be 6 digits and cannot start with 0')).toBeTruthy();
      expect(field().getAttribute('aria-invalid')).toBe('true');
      expect(api.calls).toEqual([]);
    },
  );

  it('drops the last pincode\'s "Delivery by" under a new pincode\'s error, and shows it again once checked (issue 45)', async () => {
    const user = userEvent.setup();
    fakeApi(deliveryRoute('302001'));
    renderField();
    await user.type(field(), '302001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Delivery by Thu, 3 Dec')).toBeTruthy();

    await user.clear(field());
    await user.type(field(), '30200');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Pincode must be 6 digits and cannot start with 0')).toBeTruthy();
    expect(screen.queryByText('Delivery by Thu, 3 Dec')).toBeNull();

    await user.type(field(), '1');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Delivery by Thu, 3 Dec')).toBeTruthy();
    expect(screen.queryByText('Pincode must be 6 digits and cannot start with 0')).toBeNull();
  });

  it("says a pincode India Post's directory does not list is not found (docs/product.md#pincode-directory)", async () => {
    const user = userEvent.setup();
    const unknown = "We could not find pincode 999999 in India Post's directory. Please check it.";
    fakeApi({ 'GET /api/delivery/999999': () => jsonReply(400, { message: unknown }) });
    renderField();
    await user.type(field(), '999999');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(unknown)).toBeTruthy();
  });

  it('shows the delivery date for a listed pincode', async () => {
    const user = userEvent.setup();
    fakeApi(deliveryRoute('302001'));
    renderField();
    await user.type(field(), '302001');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Delivery by Thu, 3 Dec')).toBeTruthy();
  });

  it('says when no courier serves a pincode, and remembers the pincode for the next page', async () => {
    const user = userEvent.setup();
    fakeApi(deliveryRoute('682551', false));
    const first = renderField();
    await user.type(field(), '682551');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText("We don't deliver to 682551 yet")).toBeTruthy();
    first.unmount();

    renderField();
    expect(field().value).toBe('682551');
    await waitFor(() => expect(screen.getByText("We don't deliver to 682551 yet")).toBeTruthy());
  });
});
