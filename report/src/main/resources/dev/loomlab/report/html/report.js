/*
 * loomlab report: draws every chart of the page with Apache ECharts from the specs in #chart-data (made by
 * the report module's chart classes). Light or dark follows prefers-color-scheme; printing redraws light.
 * When every chart has finished drawing, #render-check receives a summary (charts drawn, their series, any
 * console error or warning) that the browser test reads.
 */
(function () {
  'use strict';
  var specs = JSON.parse(document.getElementById('chart-data').textContent);
  var scheme = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  var printing = false;
  var charts = [];
  var finished = {};
  var checked = false;
  var BOUND = '#d62728';
  var ARTICLE = '#9e9e9e';
  var VERDICT = {regressed: '#d62728', now_failing: '#d62728', improved: '#2ca02c', now_ok: '#2ca02c'};

  function dark() { return !printing && scheme !== null && scheme.matches; }
  function ink() { return dark() ? '#c9d1dd' : '#333333'; }
  function pct(f) { return (f * 100).toFixed(1) + '%'; }
  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c];
    });
  }
  function fmt(v) {
    if (v === null || v === undefined || isNaN(v)) { return 'n/a'; }
    var a = Math.abs(v);
    if (a >= 1000) { return v.toLocaleString('en', {maximumFractionDigits: 0}); }
    if (a >= 100) { return v.toFixed(0); }
    if (a >= 10) { return v.toFixed(1); }
    if (a >= 1) { return v.toFixed(2); }
    return v.toFixed(3);
  }
  /** A mean with its 99.9% CI and sample count, or with the note that there are too few samples for one. */
  function meanCi(v) {
    return fmt(v.mean) + (v.low !== null ? ' (99.9% CI of the mean ' + fmt(v.low) + ' to ' + fmt(v.high) + ')' : ' (' + v.note + ': no CI)')
      + ', ' + v.n + (v.n === 1 ? ' iteration' : ' iterations');
  }
  /** The stretched percentile axis back to a percentile: 1 → 90%, 2 → 99%, 3 → 99.9%. */
  function percentile(t) {
    if (t <= 0) { return '0%'; }
    var p = 100 * (1 - Math.pow(10, -t));
    return (+p.toPrecision(Math.max(2, Math.ceil(t) + 1))) + '%';
  }

  function base(spec) {
    return {
      backgroundColor: 'transparent',
      animation: false,
      title: {text: spec.title, left: 0, textStyle: {fontSize: 14, fontWeight: 600}},
      legend: {top: 24, left: 0, type: 'scroll'},
      grid: {left: 16, right: 28, top: 72, bottom: 20, containLabel: true},
      tooltip: {confine: true}
    };
  }

  /** The smallest round number (1, 2, 2.5, 5 × a power of ten) at or above v. */
  function niceCeil(v) {
    if (!(v > 0)) { return 1; }
    var p = Math.pow(10, Math.floor(Math.log(v) / Math.LN10));
    var steps = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
    for (var i = 0; i < steps.length; i++) { if (steps[i] * p >= v) { return steps[i] * p; } }
    return 10 * p;
  }

  /**
   * The top of a value axis: room above the tallest mean, bound or published figure; a CI whisker
   * reaching higher is cut there (marked with a chevron) rather than squash every bar. Null: automatic.
   */
  function axisTop(figures, highs, log) {
    var top = Math.max.apply(null, figures.concat([0]));
    var high = Math.max.apply(null, highs.concat([0]));
    var room = log ? 3 : 1.6;
    return high > top * room ? niceCeil(top * room) : null;
  }

  /** The smallest positive value a bar spec draws: where a log axis's whiskers stop. */
  function lowest(spec) {
    var min = Infinity;
    spec.series.forEach(function (s) {
      s.values.forEach(function (v) { if (v && v.mean > 0) { min = Math.min(min, v.mean); } });
      s.bounds.forEach(function (b) { if (b > 0) { min = Math.min(min, b); } });
    });
    return isFinite(min) ? min : 1;
  }

  /** A CI whisker at a bar: vertical line and two caps, {@code off} and {@code bw} in category widths. */
  function whisker(off, bw) {
    return function (params, api) {
      var c = api.value(0);
      var band = api.size([1, 0])[0];
      var lo = api.coord([c, api.value(1)]);
      var hi = api.coord([c, api.value(2)]);
      var x = lo[0] + off * band;
      var half = Math.max(3, bw * band * 0.2);
      return capped(x, lo[1], hi[1], half, params.coordSys.y, {stroke: ink(), lineWidth: 1.5});
    };
  }

  /** A vertical whisker from y1 (low) to y2 (high) with caps; above the grid's top, cut with a chevron. */
  function capped(x, yLow, yHigh, half, gridTop, style) {
    var cut = yHigh < gridTop;
    var top = cut ? gridTop : yHigh;
    var children = [
      {type: 'line', shape: {x1: x, y1: yLow, x2: x, y2: top}, style: style},
      {type: 'line', shape: {x1: x - half, y1: yLow, x2: x + half, y2: yLow}, style: style}
    ];
    children.push(cut
      ? {type: 'polyline', shape: {points: [[x - 4, top + 5], [x, top], [x + 4, top + 5]]}, style: style}
      : {type: 'line', shape: {x1: x - half, y1: top, x2: x + half, y2: top}, style: style});
    return {type: 'group', children: children};
  }

  /** The bound as a dashed line across a bar. */
  function dash(off, bw) {
    return function (params, api) {
      var c = api.value(0);
      var band = api.size([1, 0])[0];
      var p = api.coord([c, api.value(1)]);
      var x = p[0] + off * band;
      var half = bw * band * 0.65;
      return {type: 'line', shape: {x1: x - half, y1: p[1], x2: x + half, y2: p[1]},
        style: {stroke: BOUND, lineWidth: 2, lineDash: [5, 3]}};
    };
  }

  /** A CI whisker at a point of a curve. */
  function whiskerXY(params, api) {
    var lo = api.coord([api.value(0), api.value(1)]);
    var hi = api.coord([api.value(0), api.value(2)]);
    return capped(lo[0], lo[1], hi[1], 4, params.coordSys.y, {stroke: ink(), lineWidth: 1, opacity: 0.7});
  }

  function bars(spec) {
    var o = base(spec);
    var n = spec.series.length + (spec.published ? 1 : 0);
    var bw = Math.min(0.7 / n, 0.3);
    var gap = 0.15;
    var total = n * bw + (n - 1) * gap * bw;
    var floor = spec.log ? lowest(spec) / 2 : 0;
    function offset(i) { return -total / 2 + i * bw * (1 + gap) + bw / 2; }
    var series = [];
    spec.series.forEach(function (s, i) {
      series.push({type: 'bar', name: s.name, barWidth: pct(bw), barGap: pct(gap),
        data: s.values.map(function (v) { return v ? v.mean : '-'; }),
        // Too few samples for an interval: the bar says so where its whisker would be.
        label: {show: true, position: 'top', fontSize: 10, formatter: function (p) {
          var v = s.values[p.dataIndex];
          return v && v.note ? v.note : '';
        }}});
      var ci = [];
      s.values.forEach(function (v, c) { if (v && v.low !== null) { ci.push([c, Math.max(v.low, floor), v.high]); } });
      if (ci.length) {
        series.push({type: 'custom', name: s.name, data: ci, renderItem: whisker(offset(i), bw),
          encode: {x: 0, y: [1, 2]}, silent: true, z: 5, tooltip: {show: false}});
      }
      var bounds = [];
      s.bounds.forEach(function (b, c) { if (b !== null) { bounds.push([c, b]); } });
      if (bounds.length) {
        series.push({type: 'custom', name: 'bound', data: bounds, renderItem: dash(offset(i), bw),
          encode: {x: 0, y: 1}, itemStyle: {color: BOUND}, silent: true, z: 6, tooltip: {show: false}});
      }
    });
    if (spec.published) {
      series.push({type: 'bar', name: 'article', barWidth: pct(bw), barGap: pct(gap), itemStyle: {color: ARTICLE},
        data: spec.published.map(function (p) { return p ? p.value : '-'; }),
        label: {show: true, position: 'top', fontSize: 10, formatter: function (p) {
          var f = spec.published[p.dataIndex];
          return f ? f.label.split(' ')[0] : '';
        }}});
    }
    var figures = [];
    var highs = [];
    spec.series.forEach(function (s) {
      s.values.forEach(function (v) { if (v) { figures.push(v.mean); if (v.high !== null) { highs.push(v.high); } } });
      s.bounds.forEach(function (b) { if (b !== null) { figures.push(b); } });
    });
    (spec.published || []).forEach(function (p) { if (p) { figures.push(p.value); } });
    o.xAxis = {type: 'category', data: spec.categories,
      axisLabel: {interval: 0, rotate: spec.categories.length > 6 ? 30 : 0, fontSize: 11, lineHeight: 14,
        verticalAlign: spec.categories.length > 6 ? 'middle' : 'top'}};
    o.yAxis = {type: spec.log ? 'log' : 'value', name: spec.yName, nameTextStyle: {align: 'left'},
      max: axisTop(figures, highs, spec.log)};
    if (series.length === 1 || (spec.series.length === 1 && !spec.published && series.every(function (x) { return x.name !== 'bound'; }))) {
      o.legend = {show: false};
      o.grid.top = 56;
    }
    o.tooltip = {trigger: 'axis', axisPointer: {type: 'shadow'}, confine: true, formatter: function (items) {
      if (!items.length) { return ''; }
      var c = spec.categories.indexOf(items[0].axisValue);
      if (c < 0) { return ''; }
      var lines = ['<b>' + esc(spec.categories[c]).replace(/\n/g, ' · ') + '</b>'];
      spec.series.forEach(function (s) {
        var v = s.values[c];
        if (!v) { return; }
        lines.push(esc(s.name) + ': mean ' + meanCi(v)
          + (s.bounds[c] !== null ? '; bound ' + fmt(s.bounds[c]) : ''));
        lines.push(esc(s.name) + ', median of the iterations: ' + fmt(v.median));
      });
      if (spec.published && spec.published[c]) {
        lines.push('article ' + esc(spec.published[c].label) + ': ' + fmt(spec.published[c].value));
      }
      return lines.join('<br>');
    }};
    o.series = series;
    return o;
  }

  function curves(spec) {
    var o = base(spec);
    var series = [];
    var floor = Infinity;
    spec.series.forEach(function (s) { s.points.forEach(function (p) { if (p.mean > 0) { floor = Math.min(floor, p.mean / 2); } }); });
    if (!spec.yLog || !isFinite(floor)) { floor = spec.yLog ? 1 : -Infinity; }
    spec.series.forEach(function (s) {
      var line = {type: 'line', name: s.name, symbolSize: 7,
        data: s.points.map(function (p) { return [p.x, p.mean]; })};
      if (s.knee) {
        line.markPoint = {symbol: 'pin', symbolSize: 46, label: {fontSize: 10, formatter: 'knee'},
          data: [{name: s.knee.label, coord: [s.knee.x, s.knee.y]}]};
      }
      series.push(line);
      var ci = s.points.filter(function (p) { return p.low !== null; })
        .map(function (p) { return [p.x, Math.max(p.low, floor), p.high]; });
      if (ci.length) {
        series.push({type: 'custom', name: s.name, data: ci, renderItem: whiskerXY, encode: {x: 0, y: [1, 2]},
          silent: true, z: 5, tooltip: {show: false}});
      }
      if (s.bound.length) {
        series.push({type: 'line', name: 'bound', data: s.bound, symbol: 'none',
          lineStyle: {type: 'dashed', color: BOUND}, itemStyle: {color: BOUND}});
      }
      if (s.published.length) {
        series.push({type: 'line', name: 'article', data: s.published, symbol: 'diamond', symbolSize: 7,
          lineStyle: {type: 'dotted', color: ARTICLE}, itemStyle: {color: ARTICLE}});
      }
    });
    if (spec.references.length && series.length) {
      series[0].markLine = {symbol: 'none', silent: true, lineStyle: {type: 'dashed', color: ink()},
        data: spec.references.map(function (r) {
          return {yAxis: r.value, name: r.name, label: {formatter: r.name + ': ' + fmt(r.value), position: 'insideEndTop'}};
        })};
    }
    var figures = spec.references.map(function (r) { return r.value; });
    var highs = [];
    spec.series.forEach(function (s) {
      s.points.forEach(function (p) { figures.push(p.mean); if (p.high !== null) { highs.push(p.high); } });
      s.bound.concat(s.published).forEach(function (b) { figures.push(b[1]); });
    });
    o.xAxis = {type: spec.xLog ? 'log' : 'value', name: spec.xName, nameLocation: 'middle', nameGap: 28, scale: !spec.xLog};
    o.grid.bottom = 40;
    o.yAxis = {type: spec.yLog ? 'log' : 'value', name: spec.yName, nameTextStyle: {align: 'left'},
      max: axisTop(figures, highs, spec.yLog)};
    if (spec.yLog && spec.references.length) {
      // Reference lines do not stretch an axis by themselves: start a log axis low enough to show them.
      var least = Math.min.apply(null, figures);
      o.yAxis.min = Math.pow(10, Math.floor(Math.log(least) / Math.LN10));
    }
    o.tooltip = {trigger: 'item', confine: true, formatter: function (p) {
      var curve = null;
      spec.series.forEach(function (s) { if (s.name === p.seriesName) { curve = s; } });
      if (curve && p.componentType === 'series' && curve.points[p.dataIndex]) {
        var pt = curve.points[p.dataIndex];
        return '<b>' + esc(pt.label) + '</b><br>' + esc(spec.yName) + ': mean ' + meanCi(pt)
          + '<br>median of the iterations: ' + fmt(pt.median);
      }
      return esc(p.seriesName) + ': ' + (Array.isArray(p.value) ? fmt(p.value[1]) : esc(p.name));
    }};
    o.series = series;
    return o;
  }

  function percentiles(spec) {
    var o = base(spec);
    o.grid.bottom = 40;
    o.xAxis = {type: 'value', name: 'percentile', nameLocation: 'middle', nameGap: 28, min: 0, interval: 1,
      max: function (extent) { return Math.max(1, Math.ceil(extent.max)); }, axisLabel: {formatter: percentile}};
    o.yAxis = {type: spec.yLog ? 'log' : 'value', name: spec.yName, nameTextStyle: {align: 'left'}};
    o.tooltip = {trigger: 'axis', confine: true,
      axisPointer: {label: {formatter: function (p) { return percentile(p.value); }}},
      valueFormatter: function (v) { return fmt(v) + ' ms'; }};
    o.series = spec.series.map(function (s) {
      return {type: 'line', name: s.name, showSymbol: false, data: s.points};
    });
    return o;
  }

  function changes(spec) {
    var o = base(spec);
    o.legend = {show: false};
    o.grid.top = 40;
    o.yAxis = {type: 'category', data: spec.categories, inverse: true,
      axisLabel: {width: 320, overflow: 'truncate', fontSize: 11}};
    o.xAxis = {type: 'value', axisLabel: {formatter: '{value}%'}};
    o.tooltip = {trigger: 'item', confine: true, formatter: function (p) {
      if (p.seriesType !== 'bar') { return ''; }
      var v = spec.values[p.dataIndex];
      return esc(spec.categories[p.dataIndex]) + '<br>' + (v > 0 ? '+' : '') + v.toFixed(1) + '% · '
        + esc(spec.tips[p.dataIndex]);
    }};
    var ci = [];
    spec.lows.forEach(function (lo, i) { if (lo !== null) { ci.push([i, lo, spec.highs[i]]); } });
    var highs = spec.highs.filter(function (h) { return h !== null; });
    o.xAxis.max = niceCeil(Math.max.apply(null, spec.values.concat(highs, [spec.threshold * 2])));
    o.series = [{type: 'bar', name: 'change',
      data: spec.values.map(function (v, i) { return {value: v, itemStyle: {color: VERDICT[spec.verdicts[i]] || ARTICLE}}; }),
      markLine: {symbol: 'none', silent: true, lineStyle: {type: 'dashed', color: ink()},
        data: [{xAxis: spec.threshold, label: {formatter: '±' + spec.threshold + '%'}},
          {xAxis: -spec.threshold, label: {show: false}}]}}];
    if (ci.length) {
      // The ratio's interval: a horizontal whisker across each bar.
      o.series.push({type: 'custom', name: 'CI', data: ci, encode: {y: 0, x: [1, 2]}, silent: true, z: 5,
        tooltip: {show: false}, renderItem: function (params, api) {
          var lo = api.coord([api.value(1), api.value(0)]);
          var hi = api.coord([api.value(2), api.value(0)]);
          var style = {stroke: ink(), lineWidth: 1.5};
          return {type: 'group', children: [
            {type: 'line', shape: {x1: lo[0], y1: lo[1], x2: hi[0], y2: hi[1]}, style: style},
            {type: 'line', shape: {x1: lo[0], y1: lo[1] - 5, x2: lo[0], y2: lo[1] + 5}, style: style},
            {type: 'line', shape: {x1: hi[0], y1: hi[1] - 5, x2: hi[0], y2: hi[1] + 5}, style: style}]};
        }});
    }
    return o;
  }

  /**
   * A capacity search, or repeated searches a curve each: latency against offered rate, failing steps hollow, the SLO
   * and the found rates as lines (for repeated searches the median, and the interval or range dashed), the
   * knee's cause under the title and, for one search, on the first failing rate's line.
   */
  function capacity(spec) {
    var o = base(spec);
    o.grid.bottom = 40;
    if (spec.knee) {
      o.title.subtext = 'knee: ' + spec.knee;
      o.title.subtextStyle = {fontSize: 12, width: 860, overflow: 'truncate'};
      o.legend.top = 46;
      o.grid.top = 94;
    }
    var MARK = {max: '#2ca02c', failing: BOUND, bound: ARTICLE, spread: '#2ca02c'};
    // Labels at different heights: the sustained and failing rates and the bound often lie close together.
    var PLACE = {max: 'insideEndTop', failing: 'insideMiddleTop', bound: 'insideStartTop', spread: 'insideMiddleBottom'};
    var DASH = {bound: 'dotted', spread: 'dashed'};
    var series = spec.series.map(function (s) {
      return {type: 'line', name: s.name, symbolSize: 8,
        data: s.points.map(function (p) {
          return {value: [p.x, p.y], symbol: p.passed ? 'circle' : 'emptyTriangle', why: p.why, passed: p.passed};
        })};
    });
    if (series.length) {
      var lines = spec.limits.map(function (l) {
        return {yAxis: l.value, name: l.name, lineStyle: {type: 'dashed', color: ink()},
          label: {formatter: l.name, position: 'insideEndTop'}};
      }).concat(spec.marks.map(function (m) {
        return {xAxis: m.x, name: m.name, lineStyle: {type: DASH[m.kind] || 'solid', color: MARK[m.kind]},
          label: {formatter: m.name, position: PLACE[m.kind], color: MARK[m.kind]}};
      }));
      series[0].markLine = {symbol: 'none', silent: true, data: lines};
    }
    o.xAxis = {type: 'value', name: spec.xName, nameLocation: 'middle', nameGap: 28, scale: true};
    o.yAxis = {type: spec.yLog ? 'log' : 'value', name: spec.yName, nameTextStyle: {align: 'left'}};
    o.tooltip = {trigger: 'item', confine: true, formatter: function (p) {
      if (p.componentType !== 'series' || !p.data || !p.data.value) { return esc(p.name || ''); }
      return '<b>' + fmt(p.data.value[0]) + '/s</b> ' + (p.data.passed ? 'passed' : 'failed') + '<br>'
        + esc(p.seriesName) + ': ' + fmt(p.data.value[1]) + ' ms' + (p.data.why ? '<br>' + esc(p.data.why) : '');
    }};
    o.series = series;
    return o;
  }

  /** Panels stacked on one time axis (a load run second by second), each with its own y axis and lines. */
  function timeline(spec) {
    var o = base(spec);
    var n = spec.panels.length;
    var gap = 6;
    var each = (84 - (n - 1) * gap) / n;
    o.grid = [];
    o.xAxis = [];
    o.yAxis = [];
    o.series = [];
    spec.panels.forEach(function (p, i) {
      o.grid.push({left: 16, right: 28, top: (10 + i * (each + gap)) + '%', height: each + '%', containLabel: true});
      o.xAxis.push({type: 'value', gridIndex: i, min: 0, max: spec.xMax, name: i === n - 1 ? spec.xName : '',
        nameLocation: 'middle', nameGap: 24, axisLabel: {show: i === n - 1}});
      o.yAxis.push({type: 'value', gridIndex: i, name: p.yName, nameTextStyle: {align: 'left'}});
      p.series.forEach(function (s) {
        o.series.push({type: 'line', name: s.name, xAxisIndex: i, yAxisIndex: i, showSymbol: false, data: s.points});
      });
    });
    o.axisPointer = {link: [{xAxisIndex: 'all'}]};
    o.tooltip = {trigger: 'axis', confine: true, valueFormatter: fmt};
    return o;
  }

  var BUILDERS = {bars: bars, curves: curves, percentiles: percentiles, changes: changes, capacity: capacity,
    timeline: timeline};

  function check() {
    if (checked) { return; }
    var done = specs.filter(function (s) { return finished[s.id]; }).length;
    if (done < specs.length) { return; }
    checked = true;
    var report = {
      total: specs.length,
      rendered: done,
      errors: window.loomlabErrors.slice(),
      charts: charts.map(function (drawn) {
        var option = drawn.chart.getOption();
        var el = document.getElementById(drawn.spec.id);
        var axis = option.xAxis && option.xAxis[0] && option.xAxis[0].type === 'category' ? option.xAxis[0].data : null;
        return {
          id: drawn.spec.id, kind: drawn.spec.kind, title: drawn.spec.title,
          svgElements: el.querySelectorAll('svg *').length,
          categories: axis,
          series: option.series.filter(function (s) { return s.type !== 'custom'; })
            .map(function (s) { return {name: s.name, type: s.type, data: s.data}; })
        };
      })
    };
    document.getElementById('render-check').textContent = JSON.stringify(report);
    document.documentElement.setAttribute('data-render', report.errors.length ? 'errors' : 'ok');
  }

  function render() {
    charts.forEach(function (drawn) { drawn.chart.dispose(); });
    charts = [];
    specs.forEach(function (spec) {
      var el = document.getElementById(spec.id);
      var build = BUILDERS[spec.kind];
      if (!el || !build) {
        window.loomlabErrors.push('error: cannot draw ' + spec.id + ' (' + spec.kind + ')');
        finished[spec.id] = true;
        return;
      }
      if (spec.kind === 'changes') {
        el.style.height = Math.max(240, 90 + 26 * spec.categories.length) + 'px';
      }
      var chart = echarts.init(el, dark() ? 'dark' : null, {renderer: 'svg'});
      chart.on('finished', function () {
        finished[spec.id] = true;
        check();
      });
      // Listed before drawing: without animation, 'finished' may fire inside setOption.
      charts.push({spec: spec, chart: chart});
      chart.setOption(build(spec));
    });
    check();
  }

  if (scheme !== null && scheme.addEventListener) { scheme.addEventListener('change', render); }
  window.addEventListener('beforeprint', function () { printing = true; render(); });
  window.addEventListener('afterprint', function () { printing = false; render(); });
  window.addEventListener('resize', function () { charts.forEach(function (drawn) { drawn.chart.resize(); }); });
  render();
}());
