import type { Config } from 'tailwindcss';

// A calm temple palette: warm paper, deep temple red, muted gold, ink. Features and primitives use
// these tokens only (temple-pale: a chosen card; temple-wash: an error notice), never a hex colour.
export default {
  // Which files each stylesheet scans is said in the stylesheet (@source): src/web/styles.css, src/web/admin/admin.css.
  content: [],
  theme: {
    extend: {
      colors: {
        paper: { DEFAULT: '#faf6ee', deep: '#f2ead9' },
        temple: { DEFAULT: '#8c2a1c', dark: '#6b1f14', light: '#b4533f', pale: '#fbefe9', wash: '#fdf0ec' },
        gold: { DEFAULT: '#b8893b', light: '#e6cf9a', pale: '#f5ecd6' },
        ink: { DEFAULT: '#2b2320', soft: '#5a4d45', faint: '#6f6256' },
      },
      fontFamily: {
        sans: ['"PingFang SC"', '"Microsoft YaHei"', '"Noto Sans CJK SC"', '"Noto Sans SC"', 'sans-serif'],
        serif: ['"Noto Serif CJK SC"', '"Songti SC"', 'STSong', 'serif'],
      },
      // 1rem: the root's 17 px, and 22 px in 长辈版 (base.css).
      fontSize: { base: ['1rem', '1.75'] },
      maxWidth: { page: '1200px' },
    },
  },
} satisfies Config;
