//! Reports: terminal table, CSV, SVG chart.

use std::fmt::Write as _;

use plotters::prelude::*;

use crate::kernels::Build;
use crate::matrix::{OpSpec, Pattern, Scope, Space};
use crate::measure::{CellResult, Skipped, Stats};
use crate::Error;

/// Formats nanoseconds compactly.
pub fn fmt_ns(ns: f64) -> String {
    if ns >= 100.0 {
        format!("{ns:.0}")
    } else if ns >= 10.0 {
        format!("{ns:.1}")
    } else {
        format!("{ns:.2}")
    }
}

/// Formats operations per second in millions.
pub fn fmt_mops(per_s: f64) -> String {
    format!("{:.1}", per_s / 1e6)
}

/// The terminal table: one row per cell.
pub fn table(results: &[CellResult]) -> String {
    let header = [
        "op",
        "scope",
        "space",
        "pattern",
        "thr",
        "xisa ns/op",
        "native ns/op",
        "ratio",
        "ratio min..max",
        "xisa Mop/s",
        "native Mop/s",
        "jit ms",
    ];
    let rows: Vec<Vec<String>> = results
        .iter()
        .map(|r| {
            vec![
                r.cell.op.to_string(),
                r.cell.scope.name().to_string(),
                r.cell.space.name().to_string(),
                r.cell.pattern.name().to_string(),
                r.cell.threads.to_string(),
                format!(
                    "{} ±{:.0}%",
                    fmt_ns(r.translated.median),
                    r.translated.cv_pct()
                ),
                format!("{} ±{:.0}%", fmt_ns(r.native.median), r.native.cv_pct()),
                format!("{:.2}", r.ratio.median),
                format!("{:.2}..{:.2}", r.ratio.min, r.ratio.max),
                fmt_mops(r.translated_ops_per_s()),
                fmt_mops(r.native_ops_per_s()),
                format!("{:.1}", r.compile.as_secs_f64() * 1e3),
            ]
        })
        .collect();
    render(&header, &rows)
}

/// A table of kernel builds ([`crate::kernels::table`],
/// [`crate::process::table`]): the columns kernel, build and elements, then
/// `header`; each row gives those three and then its further cells.
pub(crate) fn render_kernels(
    header: &[&str],
    rows: Vec<(&str, Build, u64, Vec<String>)>,
) -> String {
    let header = [&["kernel", "build", "elements"][..], header].concat();
    let rows: Vec<Vec<String>> = rows
        .into_iter()
        .map(|(name, build, elements, cells)| {
            let mut row = vec![
                name.to_string(),
                build.name().to_string(),
                elements.to_string(),
            ];
            row.extend(cells);
            row
        })
        .collect();
    render(&header, &rows)
}

/// The POCL cell of a kernel build's row: its time, or why there is none.
pub(crate) fn pocl_cell(pocl: Option<&Stats>, decimals: usize) -> String {
    pocl.map(|p| p.median_spread(decimals))
        .unwrap_or_else(|| "not measured".into())
}

/// A line for each kernel build (name, build, note) that POCL did not
/// measure, saying why.
pub(crate) fn pocl_notes<'a>(
    builds: impl IntoIterator<Item = (&'a str, Build, Option<&'a String>)>,
) -> String {
    let mut t = String::new();
    for (name, build, note) in builds {
        if let Some(n) = note {
            let _ = writeln!(t, "pocl {name} ({}): not measured: {n}", build.name());
        }
    }
    t
}

/// Renders rows as an aligned text table (numbers right-aligned).
pub fn render(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut w: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            if i < w.len() {
                w[i] = w[i].max(c.chars().count());
            }
        }
    }
    let numeric = |s: &str| {
        s.chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c == '-')
    };
    let mut out = String::new();
    let line = |out: &mut String, cells: &[String]| {
        let mut parts = Vec::new();
        for (i, c) in cells.iter().enumerate() {
            let width = w.get(i).copied().unwrap_or(0);
            let pad = width.saturating_sub(c.chars().count());
            if numeric(c) {
                parts.push(format!("{}{c}", " ".repeat(pad)));
            } else {
                parts.push(format!("{c}{}", " ".repeat(pad)));
            }
        }
        let _ = writeln!(out, "{}", parts.join("  ").trim_end());
    };
    line(
        &mut out,
        &header.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
    );
    let _ = writeln!(
        out,
        "{}",
        w.iter()
            .map(|n| "-".repeat(*n))
            .collect::<Vec<_>>()
            .join("  ")
    );
    for r in rows {
        line(&mut out, r);
    }
    out
}

/// The CSV header.
pub const CSV_HEADER: &str = "isa,op,type,scope,space,pattern,threads,ops_per_rep,compile_ms,\
xisa_ns_median,xisa_ns_min,xisa_ns_max,xisa_ns_stddev,\
native_ns_median,native_ns_min,native_ns_max,native_ns_stddev,\
ratio_median,ratio_min,ratio_max,xisa_ops_per_s,native_ops_per_s";

/// The results as CSV (one header line, one line per cell).
pub fn csv(results: &[CellResult]) -> String {
    let mut s = String::from(CSV_HEADER);
    s.push('\n');
    for r in results {
        let c = &r.cell;
        let _ = writeln!(
            s,
            "{},{},{},{},{},{},{},{},{:.3},{:.3},{:.3},{:.3},{:.3},{:.3},{:.3},{:.3},{:.3},{:.4},{:.4},{:.4},{:.0},{:.0}",
            r.isa.name(),
            c.op.op.name(),
            c.op.ty.name(),
            c.scope.name(),
            c.space.name(),
            c.pattern.name(),
            c.threads,
            r.ops,
            r.compile.as_secs_f64() * 1e3,
            r.translated.median,
            r.translated.min,
            r.translated.max,
            r.translated.stddev,
            r.native.median,
            r.native.min,
            r.native.max,
            r.native.stddev,
            r.ratio.median,
            r.ratio.min,
            r.ratio.max,
            r.translated_ops_per_s(),
            r.native_ops_per_s(),
        );
    }
    s
}

/// A summary of the ratio per op and scope (global space at the largest
/// thread count, geometric mean over the patterns; shared: over scopes and
/// patterns).
pub fn summary(results: &[CellResult]) -> String {
    let ops = ops_of(results);
    let tmax = results.iter().map(|r| r.cell.threads).max().unwrap_or(1);
    let mut header: Vec<String> = vec!["op (ratio, geomean over patterns)".into()];
    for s in Scope::ALL {
        header.push(format!("global {}", s.name()));
    }
    header.push("shared".into());
    let rows: Vec<Vec<String>> = ops
        .iter()
        .map(|op| {
            let mut row = vec![op.to_string()];
            for s in Scope::ALL {
                row.push(fmt_opt(geomean(results.iter().filter(|r| {
                    r.cell.op == *op
                        && r.cell.scope == s
                        && r.cell.space == Space::Global
                        && r.cell.threads == tmax
                }))));
            }
            row.push(fmt_opt(geomean(results.iter().filter(|r| {
                r.cell.op == *op && r.cell.space == Space::Shared && r.cell.threads == tmax
            }))));
            row
        })
        .collect();
    let h: Vec<&str> = header.iter().map(|s| s.as_str()).collect();
    format!("threads = {tmax}\n{}", render(&h, &rows))
}

fn fmt_opt(v: Option<f64>) -> String {
    v.map(|x| format!("{x:.2}")).unwrap_or_else(|| "n/a".into())
}

fn geomean<'a>(it: impl Iterator<Item = &'a CellResult>) -> Option<f64> {
    let v: Vec<f64> = it.map(|r| r.ratio.median).filter(|x| *x > 0.0).collect();
    if v.is_empty() {
        None
    } else {
        Some((v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp())
    }
}

fn ops_of(results: &[CellResult]) -> Vec<OpSpec> {
    let mut ops: Vec<OpSpec> = Vec::new();
    for r in results {
        if !ops.contains(&r.cell.op) {
            ops.push(r.cell.op);
        }
    }
    ops
}

/// Lists skipped cells, grouped by reason.
pub fn skipped(skipped: &[Skipped]) -> String {
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for s in skipped {
        match reasons.iter_mut().find(|(w, _)| *w == s.why) {
            Some(e) => e.1 += 1,
            None => reasons.push((s.why.clone(), 1)),
        }
    }
    let mut out = String::new();
    for (why, n) in reasons {
        let _ = writeln!(out, "  skipped {n} cells: {why}");
    }
    out
}

/// Selects the results of one bar series.
type Filter = Box<dyn Fn(&CellResult) -> bool>;

const COLORS: [RGBColor; 5] = [
    RGBColor(0x4c, 0x72, 0xb0),
    RGBColor(0x55, 0xa8, 0x68),
    RGBColor(0xc4, 0x4e, 0x52),
    RGBColor(0x81, 0x72, 0xb2),
    RGBColor(0xcc, 0xb9, 0x74),
];

/// The SVG chart: one panel per access pattern, a group of bars per op, one
/// bar per scope (global) plus shared; the bar is the ratio translated /
/// native at the largest thread count (geometric mean over shared scopes).
pub fn svg(results: &[CellResult], title: &str) -> Result<String, Error> {
    let mut out = String::new();
    let e = |x: String| Error::Output {
        path: "svg".into(),
        msg: x,
    };
    {
        let ops = ops_of(results);
        let tmax = results.iter().map(|r| r.cell.threads).max().unwrap_or(1);
        let patterns: Vec<Pattern> = Pattern::ALL
            .into_iter()
            .filter(|p| results.iter().any(|r| r.cell.pattern == *p))
            .collect();
        let width = (220 + 90 * ops.len() as u32).max(700);
        let height = 60 + 300 * patterns.len().max(1) as u32;
        let root = SVGBackend::with_string(&mut out, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|x| e(x.to_string()))?;
        let root = root
            .titled(title, ("sans-serif", 20))
            .map_err(|x| e(x.to_string()))?;
        let panels = root.split_evenly((patterns.len().max(1), 1));
        let series: Vec<(String, Filter)> = Scope::ALL
            .into_iter()
            .map(|s| {
                (
                    format!("global {}", s.name()),
                    Box::new(move |r: &CellResult| {
                        r.cell.space == Space::Global && r.cell.scope == s
                    }) as Filter,
                )
            })
            .chain(std::iter::once((
                "shared".to_string(),
                Box::new(|r: &CellResult| r.cell.space == Space::Shared) as Filter,
            )))
            .collect();
        let nser = series.len() as f64;
        for (panel, pat) in panels.iter().zip(&patterns) {
            let value = |op: &OpSpec, f: &dyn Fn(&CellResult) -> bool| {
                geomean(results.iter().filter(|r| {
                    r.cell.op == *op && r.cell.pattern == *pat && r.cell.threads == tmax && f(r)
                }))
            };
            let ymax = ops
                .iter()
                .flat_map(|op| series.iter().filter_map(|(_, f)| value(op, f.as_ref())))
                .fold(1.5f64, f64::max)
                * 1.5; // headroom for the legend
            let n = ops.len() as f64;
            let mut chart = ChartBuilder::on(panel)
                .caption(
                    format!(
                        "pattern {}: translated / native (lower is better), {tmax} host threads",
                        pat.name()
                    ),
                    ("sans-serif", 15),
                )
                .margin(8)
                .x_label_area_size(30)
                .y_label_area_size(50)
                .build_cartesian_2d(-0.5f64..n - 0.5, 0f64..ymax)
                .map_err(|x| e(x.to_string()))?;
            let labels: Vec<String> = ops.iter().map(|o| o.to_string()).collect();
            let fmt = |x: &f64| {
                let i = x.round();
                if (x - i).abs() < 1e-6 && i >= 0.0 {
                    labels.get(i as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            };
            chart
                .configure_mesh()
                .disable_x_mesh()
                .x_labels(ops.len().max(2))
                .x_label_formatter(&fmt)
                .y_desc("ratio")
                .draw()
                .map_err(|x| e(x.to_string()))?;
            let bw = 0.8 / nser;
            for (si, (name, f)) in series.iter().enumerate() {
                let color = COLORS[si % COLORS.len()];
                let bars: Vec<Rectangle<(f64, f64)>> = ops
                    .iter()
                    .enumerate()
                    .filter_map(|(oi, op)| {
                        let v = value(op, f.as_ref())?;
                        let x0 = oi as f64 - 0.4 + si as f64 * bw;
                        Some(Rectangle::new(
                            [(x0, 0.0), (x0 + bw * 0.9, v)],
                            color.filled(),
                        ))
                    })
                    .collect();
                chart
                    .draw_series(bars)
                    .map_err(|x| e(x.to_string()))?
                    .label(name.as_str())
                    .legend(move |(x, y)| {
                        Rectangle::new([(x, y - 5), (x + 10, y + 5)], color.filled())
                    });
            }
            chart
                .draw_series(LineSeries::new(
                    vec![(-0.5, 1.0), (n - 0.5, 1.0)],
                    BLACK.stroke_width(1),
                ))
                .map_err(|x| e(x.to_string()))?;
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperRight)
                .border_style(BLACK)
                .background_style(WHITE.mix(0.85))
                .draw()
                .map_err(|x| e(x.to_string()))?;
        }
        root.present().map_err(|x| e(x.to_string()))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matrix::{AtomOp, AtomType, Cell};
    use crate::measure::Stats;
    use std::time::Duration;

    fn result(scope: Scope, space: Space, ratio: f64) -> CellResult {
        CellResult {
            cell: Cell {
                op: OpSpec {
                    op: AtomOp::Add,
                    ty: AtomType::B32,
                },
                scope,
                space,
                pattern: Pattern::Hot,
                threads: 2,
            },
            isa: "ir".parse().unwrap(),
            ops: 100,
            compile: Duration::from_millis(3),
            translated: Stats::of(&[20.0, 22.0]),
            native: Stats::of(&[10.0, 11.0]),
            ratio: Stats::of(&[ratio, ratio]),
        }
    }

    #[test]
    fn table_and_csv() {
        let rs = vec![
            result(Scope::Device, Space::Global, 2.0),
            result(Scope::Wave, Space::Shared, 3.0),
        ];
        let t = table(&rs);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(lines[0].starts_with("op"));
        assert!(lines[2].contains("add.b32") && lines[2].contains("device"));
        assert!(lines[2].contains("2.00"));
        let c = csv(&rs);
        let cl: Vec<&str> = c.lines().collect();
        assert_eq!(cl.len(), 3);
        let ncol = CSV_HEADER.split(',').count();
        assert!(cl.iter().all(|l| l.split(',').count() == ncol));
        assert!(cl[1].starts_with("ir,add,b32,device,global,hot,2,100,3.000,21.000"));
        let s = summary(&rs);
        assert!(s.contains("2.00") && s.contains("3.00") && s.contains("n/a"));
    }

    #[test]
    fn svg_renders() {
        let rs = vec![
            result(Scope::Device, Space::Global, 2.0),
            result(Scope::Wave, Space::Shared, 3.0),
        ];
        let s = svg(&rs, "test").unwrap();
        assert!(s.starts_with("<svg") || s.starts_with("<?xml"));
        assert!(s.contains("add.b32"));
        assert!(s.contains("global device"));
    }

    #[test]
    fn render_aligns() {
        let t = render(
            &["a", "bb"],
            &[
                vec!["x".into(), "1".into()],
                vec!["yyy".into(), "22".into()],
            ],
        );
        let l: Vec<&str> = t.lines().collect();
        assert_eq!(l[2], "x     1");
        assert_eq!(l[3], "yyy  22");
    }
}
