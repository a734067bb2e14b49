import { Table } from '@mantine/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderComponent } from '@/test/renderComponent';
import { ScrollableTable } from './ScrollableTable';

afterEach(cleanup);

describe('a table that scrolls sideways', () => {
  it('is a named region the keyboard reaches, even when no row holds a control', () => {
    renderComponent(
      <ScrollableTable minWidth={480} label="Amount due for request #8">
        <Table>
          <Table.Caption>Amount due for request #8</Table.Caption>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Comparability</Table.Td>
              <Table.Td>€ 100.00</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </ScrollableTable>,
    );
    const region = screen.getByRole('region', { name: 'Amount due for request #8' });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(screen.getByRole('table'))).toBe(true);
  });
});
