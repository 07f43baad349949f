import { VOLUNTEER_MESSAGES } from '@contract/volunteer';
import { defaultSiteConfig } from '@server/db/seed/site';
import { screen, within } from '@testing-library/react';
import { sessionStore } from '@web/api/session';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../support/fake-api';
import { renderApp } from '../support/render-app';

describe('volunteer success page (/volunteer-success?userName=…)', () => {
  it('thanks the applicant by name, says how the review answers, and offers 再次申请 and the temple’s contacts', async () => {
    fakeApi({});
    renderApp(`#/volunteer-success?userName=${encodeURIComponent('林慧')}`);
    expect(await screen.findByRole('heading', { name: VOLUNTEER_MESSAGES.successTitle })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('林慧居士：')).toBeInTheDocument();
    expect(within(main).getByText(VOLUNTEER_MESSAGES.successThanks)).toBeInTheDocument();
    expect(within(main).getByText(/2-3 个工作日内以短信和电话通知您/)).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: '再次申请' })).toHaveAttribute(
      'href',
      '/#/guangciVolunteers',
    );
    const contact = main.querySelector('address');
    expect(contact).toHaveTextContent(defaultSiteConfig.phone);
    expect(contact).toHaveTextContent(defaultSiteConfig.address);
  });

  it('without a name it still thanks, greeting nobody', async () => {
    fakeApi({});
    renderApp('#/volunteer-success');
    expect(await screen.findByRole('heading', { name: VOLUNTEER_MESSAGES.successTitle })).toBeInTheDocument();
    expect(screen.queryByText(/居士：/)).not.toBeInTheDocument();
  });
});

describe('volunteer page (/guangciVolunteers)', () => {
  it('a visitor is sent to /index with the login dialog', async () => {
    fakeApi({});
    sessionStore.clear();
    renderApp('#/guangciVolunteers');
    expect(await screen.findByRole('dialog', { name: '验证码登录' })).toBeInTheDocument();
    expect(screen.getByText('此内容需登录后查看。')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/index');
  });
});
