import { consoleApi } from '@contract/console';
import { SITE_SETTINGS_LABELS, type SiteSettings, type SiteSettingsAnswer } from '@contract/site-settings';
import { useQueryClient } from '@tanstack/react-query';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { consoleCall } from '../../api/console-client';
import { useVersionedForm } from '../../shell/use-versioned-form';
import { VersionedFormFooter } from '../../shell/versioned-form-footer';
import { FriendlyLinksField } from './friendly-links-field';
import { SiteSettingsNotices } from './site-settings-notices';
import {
  type ClauseRow,
  fieldOrder,
  judge,
  type LinkRow,
  type SiteSettingsValues,
  siteSettingsQuery,
  valuesOf,
} from './site-settings-queries';
import { TabletPhrasesField } from './tablet-phrases-field';

export const SITE_SETTINGS_SAVED = '站点信息已保存，网站即刻生效';

type TextKey = Exclude<
  keyof SiteSettingsValues,
  'friendlyLinks' | 'registrationRules' | 'ceremonyRules' | 'tabletPhrases'
>;
const SECTIONS: { title: string; fields: { name: TextKey; required?: boolean; type?: 'tel' | 'url' }[] }[] = [
  {
    title: '寺院',
    fields: [
      { name: 'templeName', required: true },
      { name: 'templeNameEn' },
      { name: 'address', required: true },
    ],
  },
  {
    title: '联系方式',
    fields: [
      { name: 'phone', required: true, type: 'tel' },
      { name: 'receptionPhone', required: true, type: 'tel' },
      { name: 'wechat' },
    ],
  },
  {
    title: '备案与许可',
    fields: [{ name: 'icpLicence' }, { name: 'policeLicence' }, { name: 'religiousLicence' }],
  },
];

/**
 * The settings read (`answer`), editable. 保存 judges them with the contract (each message beside
 * its field, the first focused, nothing sent) and sends them with the version read; saved, the
 * form shows the server's answer and holds its version. A stale version (409) keeps what was
 * typed and offers 重新读取, which shows the server's values.
 */
export function SiteSettingsForm({ answer }: { answer: SiteSettingsAnswer }) {
  const queryClient = useQueryClient();
  // The version of the values shown is sent with 保存, so a save over newer settings is refused.
  const { form, values, setValues, errors, forget, change, submit, save, reload } = useVersionedForm<
    SiteSettingsAnswer,
    SiteSettingsValues,
    SiteSettings
  >({
    answer,
    valuesOf: (read) => valuesOf(read.settings),
    judge: (typed) => {
      const { errors, settings } = judge(typed);
      return { errors, draft: settings };
    },
    fieldOrder,
    send: (settings, version) =>
      consoleCall(consoleApi.siteSettingsSave, { body: { settings, version }, quiet: true }),
    reread: () => queryClient.fetchQuery({ ...siteSettingsQuery, staleTime: 0 }),
    onSaved: (saved) => {
      toast.success(SITE_SETTINGS_SAVED, 4000);
      queryClient.setQueryData(siteSettingsQuery.queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['console', 'audit'] });
    },
  });
  const changeLinks = (friendlyLinks: LinkRow[], touched: string[]) => {
    setValues((old) => ({ ...old, friendlyLinks }));
    forget(touched);
  };
  const changeRegistration = (registrationRules: string[], touched: string[]) => {
    setValues((old) => ({ ...old, registrationRules }));
    forget(touched);
  };
  const changeCeremony = (ceremonyRules: ClauseRow[], touched: string[]) => {
    setValues((old) => ({ ...old, ceremonyRules }));
    forget(touched);
  };
  const changePhrases = (tabletPhrases: SiteSettingsValues['tabletPhrases'], touched: string[]) => {
    setValues((old) => ({ ...old, tabletPhrases }));
    forget(touched);
  };
  return (
    <form ref={form} noValidate onSubmit={submit} aria-label="站点信息" className="flex flex-col gap-8">
      {SECTIONS.map((section) => (
        <Panel
          as="fieldset"
          key={section.title}
          className="grid grid-cols-2 gap-x-8 gap-y-5"
          legend={section.title}
        >
          {section.fields.map(({ name, required, type }) => (
            <div key={name} data-field={name}>
              <TextField
                label={SITE_SETTINGS_LABELS[name]}
                isRequired={required}
                type={type}
                value={values[name]}
                onChange={change(name)}
                error={errors[name]}
              />
            </div>
          ))}
        </Panel>
      ))}
      <Panel>
        <FriendlyLinksField links={values.friendlyLinks} errors={errors} onChange={changeLinks} />
      </Panel>
      <Panel data-field="mobileSiteUrl">
        <TextField
          label={SITE_SETTINGS_LABELS.mobileSiteUrl}
          type="url"
          placeholder="https://"
          aria-describedby="mobile-site-hint"
          value={values.mobileSiteUrl}
          onChange={change('mobileSiteUrl')}
          error={errors.mobileSiteUrl}
        />
        <p id="mobile-site-hint" className="mt-1 text-base text-ink-soft">
          留空则不跳转手机版
        </p>
      </Panel>
      <SiteSettingsNotices
        registrationRules={values.registrationRules}
        ceremonyRules={values.ceremonyRules}
        errors={errors}
        onRegistration={changeRegistration}
        onCeremony={changeCeremony}
      />
      <TabletPhrasesField phrases={values.tabletPhrases} errors={errors} onChange={changePhrases} />
      <VersionedFormFooter save={save} reload={reload} canReload submitLabel="保存" />
    </form>
  );
}
