import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Emitted, Example, GallerySection, LiveExample, WidgetExamples, plainText } from './gallery';

describe('gallery helpers', () => {
  it('names a section by its heading and keeps the states siblings of the widget heading', () => {
    render(
      <GallerySection id="gallery-test" title="Test widgets">
        <WidgetExamples title="Widget" caption="About the widget.">
          <Example title="Empty" caption="Nothing yet." />
          <Example title="Filled" />
        </WidgetExamples>
      </GallerySection>,
    );
    expect(screen.getByRole('region', { name: 'Test widgets' })).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 3, name: 'Widget' });
    expect(heading.nextElementSibling).toHaveTextContent('About the widget.');
    expect(heading.nextElementSibling?.nextElementSibling?.querySelector('h4')).toHaveTextContent('Empty');
    expect(screen.getByText('Nothing yet.')).toHaveClass('gallery-example__caption');
  });

  it('prints what a widget emitted', () => {
    render(<Emitted testId="emitted" text="(empty)" />);
    expect(screen.getByTestId('emitted')).toHaveTextContent('(empty)');
  });

  it('keeps the value of a live state and prints it when given a test id', () => {
    render(
      <>
        <LiveExample title="Live" testId="live-value">
          {(field) => (
            <input
              aria-label="Live"
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
            />
          )}
        </LiveExample>
        <LiveExample
          title="Quoted"
          initial="a"
          testId="quoted-value"
          describe={(value) => JSON.stringify(value)}
        >
          {(field) => <input aria-label="Quoted" value={field.value} readOnly />}
        </LiveExample>
        <LiveExample title="Silent" initial="b">
          {(field) => <input aria-label="Silent" value={field.value} readOnly />}
        </LiveExample>
      </>,
    );
    expect(screen.getByTestId('live-value')).toHaveTextContent('(empty)');
    fireEvent.change(screen.getByLabelText('Live'), { target: { value: '2024-01-02' } });
    expect(screen.getByTestId('live-value')).toHaveTextContent('2024-01-02');
    expect(screen.getByTestId('quoted-value')).toHaveTextContent('"a"');
    expect(screen.getByLabelText('Silent')).toHaveValue('b');
    expect(screen.getAllByText(/^Value:/)).toHaveLength(2);
  });

  it('reads an empty string as (empty) and any other as it is', () => {
    expect(plainText('')).toBe('(empty)');
    expect(plainText('09:00')).toBe('09:00');
  });
});
