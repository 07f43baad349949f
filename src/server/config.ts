import * as v from 'valibot';

const envSchema = v.object({
  PORT: v.optional(
    v.pipe(v.string(), v.transform(Number), v.integer('PORT 须为整数'), v.minValue(0, 'PORT 不能为负数')),
    '3000',
  ),
  NODE_ENV: v.optional(v.string(), 'development'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.nonEmpty())),
  DATA_DIR: v.optional(v.string(), './data'),
  SMS_PROVIDER: v.optional(v.picklist(['log'], 'SMS_PROVIDER 目前只支持 log'), 'log'),
  APP_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'APP_SECRET 至少 16 个字符'))),
  STATIC_ROOT: v.optional(v.string(), './dist'),
  PUBLIC_URL: v.optional(
    v.pipe(
      v.string(),
      v.url('PUBLIC_URL 须为完整网址'),
      v.transform((url) => url.replace(/\/$/, '')),
    ),
  ),
});

export type ServerConfig = v.InferOutput<typeof envSchema> & { production: boolean };

export const loadConfig = (env: NodeJS.ProcessEnv): ServerConfig => {
  const result = v.safeParse(envSchema, env);
  if (!result.success) {
    const issue = result.issues[0];
    throw new Error(`配置有误：${v.getDotPath(issue) ?? ''} ${issue.message}`);
  }
  return { ...result.output, production: result.output.NODE_ENV === 'production' };
};
