/** The generator panel's id: the options button controls it. */
export const PANEL_ID = 'sp-generator';
