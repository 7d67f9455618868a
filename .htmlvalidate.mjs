/**
 * html-validate configuration for the built site (dist/). An ES module rather
 * than .htmlvalidate.json so every relaxation can say why it exists.
 *
 * The recommended preset applies in full, except where React's
 * renderToStaticMarkup cannot produce the preset's preferred spelling. Each
 * relaxation below accepts React's spelling; none switches a rule off.
 * Nothing that concerns content, structure or accessibility is relaxed
 * (no-inline-style stays on: the CSP forbids inline styles anyway).
 *
 * Used by test/quality/html-validity.test.ts and by `npx html-validate dist`.
 */
export default {
  root: true,
  extends: ['html-validate:recommended'],
  rules: {
    // React writes some attributes with their DOM property names: charSet,
    // srcSet, fetchPriority, imageSrcSet, itemScope. Lower case stays valid.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React self-closes every void element (<meta/>, <img/>, <link/>): require
    // that style consistently instead of the omitted end tag.
    'void-style': ['error', { style: 'selfclose' }],
    // React renders a true boolean attribute as defer="", open="", hidden="".
    'attribute-boolean-style': ['error', { style: 'empty' }],
    // ...and attributes whose value may be empty (hidden, itemscope) the same way.
    'attribute-empty-style': ['error', { style: 'empty' }],
  },
};
