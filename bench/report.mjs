/** The benchmark's table, in plain text (also pasted into the README). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function formatTable(sites) {
  const header = ['site', 'pages', 'build', 'wall (median)', 'pages/s', 'CPU user+sys', 'peak RSS', 'wall of each run'];
  const rows = [];
  for (const site of sites) {
    const watch = site.watchStart ? [['watch start (cold)', site.watchStart], ['watch restart, no change', site.watchRestart]] : [];
    for (const [label, figures] of [['cold', site.cold], ['warm, no change', site.warm], ['warm, one file edited', site.edit], ['bare render loop', site.bare], ...watch]) {
      // --cold-only runs measure cold builds alone; --no-bare leaves out the bare loop.
      if (!figures) continue;
      rows.push([
        site.name,
        site.pages.toLocaleString('en-AU'),
        label,
        `${figures.seconds.toFixed(2)} s`,
        Math.round(figures.pagesPerSecond).toLocaleString('en-AU'),
        figures.cpuSeconds === undefined ? '-' : `${figures.cpuSeconds.toFixed(2)} s`,
        figures.peakRssMB === undefined ? '-' : `${Math.round(figures.peakRssMB)} MB`,
        figures.allSeconds.map((value) => value.toFixed(2)).join(' / '),
      ]);
    }
    if (site.overhead !== undefined) rows.push([site.name, '', 'overhead: cold / bare', `${site.overhead.toFixed(2)}x`, '', '', '', `same HTML: ${site.sameHtmlAsBareLoop}`]);
    if (site.watchStart) rows.push([site.name, '', 'watch start / cold, restart / warm', `${site.watchStartVsCold.toFixed(2)}x, ${site.watchRestartVsWarm.toFixed(2)}x`, '', '', '', 'median of paired runs']);
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) => `| ${cells.map((cell, column) => String(cell).padEnd(widths[column])).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
