/**
 * Where a card's corner index (rank with its suit beside it) sits, in card units (100 wide, 140 high).
 * Pure: the card art draws by it and the layout fans cards so that a covered card's index stays whole.
 * Both indices stand upright: top-left, and bottom-right, so a fan that leaves a card's bottom strip
 * or right strip showing (Streets and Alleys' left and upward rows) reads as well as one leaving its
 * top or left strip.
 */

/** Left edge of the top-left index (and the right margin of the bottom-right one). */
export const IDX_X = 6.5;
/** Top of the top-left index's rank (and the bottom margin of the bottom-right one). */
export const IDX_Y = 7;
/** Rank cap height. */
export const IDX_CAP = 24;
/** Rank width limit ("10" is condensed to this). */
export const IDX_MAXW = 29;
/** Suit height beside the rank. */
export const IDX_PIP = 21;
/** Rank to suit. */
export const IDX_GAP = 2.5;
/** How far a letter may dip below the cap band. */
export const IDX_DESCENT = 2;
/** How far a suit reaches right of its centre, per unit of its height (the widest suit outline). */
export const PIP_HALF_WIDTH = 0.45;
/** The suit's centre right of the rank, per unit of its height. */
export const PIP_OFFSET = 0.47;

/** The widest index from the card's edge, in card units: margin, rank, gap and suit. */
export const INDEX_WIDTH = IDX_X + IDX_MAXW + IDX_GAP + IDX_PIP * (PIP_OFFSET + PIP_HALF_WIDTH);
/** The index's depth from the card's edge, in card units: margin, rank and a dipping letter. */
export const INDEX_DEPTH = IDX_Y + IDX_CAP + IDX_DESCENT;

/** The fan step (fraction of the card width) that leaves a covered card's whole index in view sideways. */
export const INDEX_STEP_X = (INDEX_WIDTH + 1.5) / 100;
/** The fan step (fraction of the card height) that leaves a covered card's whole index in view up or down. */
export const INDEX_STEP_Y = (INDEX_DEPTH + 1.5) / 140;
