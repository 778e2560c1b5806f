import type { Theme, ThemeName } from './types';

/**
 * The viewer's colour themes (spec section 3). Light is the default for normal views, dark is for repair, white
 * is for print. Each theme's change colours are picked to stay apart from one another and from its background:
 * green added, red removed, amber modified, and a faint grey for unchanged elements, which a diff ghosts (close
 * to the background, so that what changed stands out).
 */
export const THEMES: Readonly<Record<ThemeName, Theme>> = {
  light: {
    name: 'light',
    background: '#e9ecef',
    node: '#343a40',
    edge: '#495057',
    grid: '#868e96',
    level: '#7950f2',
    selection: '#1c7ed6',
    elements: {
      column: '#c05621',
      beam: '#2f6f9f',
      brace: '#2b8a3e',
      cable: '#5f3dc4',
      floor: '#adb5bd',
      wall: '#a89f91',
      area: '#b8c2cc',
      foundation: '#8d7b68',
      other: '#6c757d',
    },
    change: { added: '#2f9e44', removed: '#e03131', modified: '#f08c00', unchanged: '#cdd2d7' },
    glyphs: { restraint: '#d9480f', release: '#1098ad', load: '#c2255c' },
    deformed: '#111418',
  },
  white: {
    name: 'white',
    background: '#ffffff',
    node: '#212529',
    edge: '#343a40',
    grid: '#adb5bd',
    level: '#6741d9',
    selection: '#1971c2',
    elements: {
      column: '#9c3d10',
      beam: '#1d4f7a',
      brace: '#2b7a32',
      cable: '#4c2fa0',
      floor: '#ced4da',
      wall: '#b8ad9e',
      area: '#d0d7de',
      foundation: '#7c6a58',
      other: '#495057',
    },
    change: { added: '#2b8a3e', removed: '#c92a2a', modified: '#e67700', unchanged: '#dcdfe3' },
    glyphs: { restraint: '#c2410c', release: '#0b7285', load: '#a61e4d' },
    deformed: '#000000',
  },
  dark: {
    name: 'dark',
    background: '#111418',
    node: '#e9ecef',
    edge: '#ced4da',
    grid: '#5c636a',
    level: '#b197fc',
    selection: '#4dabf7',
    elements: {
      column: '#ff922b',
      beam: '#74c0fc',
      brace: '#8ce99a',
      cable: '#b197fc',
      floor: '#5c6670',
      wall: '#7d7466',
      area: '#65717d',
      foundation: '#8f7e6a',
      other: '#adb5bd',
    },
    change: { added: '#51cf66', removed: '#ff6b6b', modified: '#fcc419', unchanged: '#30363d' },
    glyphs: { restraint: '#ffa94d', release: '#66d9e8', load: '#f783ac' },
    deformed: '#f8f9fa',
  },
};

export const DEFAULT_THEME: ThemeName = 'light';
