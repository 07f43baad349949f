import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRegions, namesOf } from '@web/shared/region-picker/region-data';
import { RegionPicker, type RegionValue } from '@web/shared/region-picker/region-picker';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

function Harness({
  initial = { codes: [], names: [] },
  onChange = () => {},
  ...props
}: {
  initial?: RegionValue;
  onChange?: (value: RegionValue) => void;
  errorMessage?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <RegionPicker
      label="所在地区"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      {...props}
    />
  );
}

const level = (name: string) => screen.getByRole('button', { name: new RegExp(name) });

const pick = async (user: ReturnType<typeof userEvent.setup>, levelName: string, option: string) => {
  await user.click(level(levelName));
  const listbox = await screen.findByRole('listbox');
  await user.click(within(listbox).getByRole('option', { name: option }));
};

describe('the region table', () => {
  it('has the 34 province-level units, Hong Kong’s 18 districts and Macau’s 8 parishes', async () => {
    const regions = await loadRegions();
    expect(regions).toHaveLength(34);
    const hongKong = regions.find((r) => r.code === '81');
    const macau = regions.find((r) => r.code === '82');
    expect(hongKong?.children.flatMap((city) => city.children)).toHaveLength(18);
    expect(macau?.children.flatMap((city) => city.children)).toHaveLength(8);
    expect(namesOf(regions, ['31', '3101', '310106'])).toEqual(['上海市', '市辖区', '静安区']);
    expect(namesOf(regions, ['32', '3201', '320102'])).toEqual(['江苏省', '南京市', '玄武区']);
    expect(namesOf(regions, ['81', '8100', '810001'])).toEqual([
      '香港特别行政区',
      '香港特别行政区',
      '中西区',
    ]);
    expect(namesOf(regions, ['99'])).toBeNull();
  });

  it('loads the table once', async () => {
    expect(await loadRegions()).toBe(await loadRegions());
  });
});

// A select opens and closes in a few hundred milliseconds under jsdom: each test gets room.
describe('RegionPicker', { timeout: 20_000 }, () => {
  it('offers province, then its cities, then their districts, and answers codes and names', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(screen.getByRole('group', { name: '所在地区' })).toBeInTheDocument();
    await vi.waitFor(() => expect(level('省份')).toBeEnabled());
    expect(level('城市')).toBeDisabled();
    expect(level('区县')).toBeDisabled();

    await pick(user, '省份', '上海市');
    expect(onChange).toHaveBeenLastCalledWith({ codes: ['31'], names: ['上海市'] });
    await pick(user, '城市', '市辖区');
    await pick(user, '区县', '静安区');
    expect(onChange).toHaveBeenLastCalledWith({
      codes: ['31', '3101', '310106'],
      names: ['上海市', '市辖区', '静安区'],
    });
  });

  it('clears the lower levels when a higher one changes', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(
      <Harness
        initial={{ codes: ['31', '3101', '310106'], names: ['上海市', '市辖区', '静安区'] }}
        onChange={onChange}
      />,
    );
    await vi.waitFor(() => expect(level('省份')).toHaveTextContent('上海市'));
    expect(level('城市')).toHaveTextContent('市辖区');
    expect(level('区县')).toHaveTextContent('静安区');
    await pick(user, '省份', '浙江省');
    expect(onChange).toHaveBeenLastCalledWith({ codes: ['33'], names: ['浙江省'] });
    expect(level('城市')).toHaveTextContent('请选择城市');
    expect(level('区县')).toBeDisabled();
  });

  it('offers Hong Kong’s 18 districts and Macau’s 8 parishes', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await vi.waitFor(() => expect(level('省份')).toBeEnabled());
    await pick(user, '省份', '香港特别行政区');
    await pick(user, '城市', '香港特别行政区');
    await user.click(level('区县'));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option')).toHaveLength(18);
    await user.keyboard('{Escape}');
    await pick(user, '省份', '澳门特别行政区');
    await pick(user, '城市', '澳门特别行政区');
    await user.click(level('区县'));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option')).toHaveLength(8);
  });

  it('ends the chain where a place has no lower level (Taiwan)', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await vi.waitFor(() => expect(level('省份')).toBeEnabled());
    await pick(user, '省份', '台湾省');
    expect(onChange).toHaveBeenLastCalledWith({ codes: ['71'], names: ['台湾省'] });
    expect(level('城市')).toBeDisabled();
    expect(level('城市')).toHaveTextContent('无');
  });

  it('shows its message beside it, and is disabled when told', async () => {
    render(<Harness errorMessage="请选择省市区" isDisabled />);
    expect(screen.getByText('请选择省市区')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('正在加载地区…')).not.toBeInTheDocument());
    for (const name of ['省份', '城市', '区县']) expect(level(name)).toBeDisabled();
    expect(level('省份')).toHaveAttribute('aria-describedby', expect.stringMatching(/.+/));
  });
});
