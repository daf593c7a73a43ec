package org.pmix4j.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import javax.imageio.ImageIO;

/**
 * Draws the launch-scaling benchmark (bench/launch_scaling.sh) as a PNG without any library beyond the JDK
 * (headless java.awt): one panel per program (wall time of {@code pmix4j run -n N} and of {@code mpirun -np N}
 * against N, log-log, with ±σ bars) and one panel of the ratio pmix4j / mpirun with the target line at 1.0.
 *
 * <p>Input: the CSV the script writes, a header then {@code program,launcher,n,mean_s,stddev_s,median_s,min_s}
 * rows. Usage: {@code java LaunchScalingPlot.java results.csv out.png [title]} (runs as a single source file).
 */
public final class LaunchScalingPlot {
    private static final int PANEL_W = 520;
    private static final int PANEL_H = 400;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 40;
    private static final int BOTTOM = 55;
    private static final Color PMIX4J = new Color(0x1f77b4);
    private static final Color MPIRUN = new Color(0xd62728);
    private static final Color GRID = new Color(0xe0e0e0);

    /** One measured point. */
    record Point(String program, String launcher, int n, double mean, double stddev) {
    }

    private LaunchScalingPlot() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: LaunchScalingPlot results.csv out.png [title]");
            System.exit(2);
        }
        List<Point> points = read(Path.of(args[0]));
        String title = args.length > 2 ? args[2] : "Launch scaling: pmix4j run vs Open MPI mpirun";
        ImageIO.write(draw(points, title), "png", Path.of(args[1]).toFile());
    }

    static List<Point> read(Path csv) throws IOException {
        List<Point> out = new ArrayList<>();
        for (String line : Files.readAllLines(csv)) {
            if (line.isBlank() || line.startsWith("program,")) {
                continue;
            }
            String[] f = line.split(",");
            out.add(new Point(f[0], f[1], Integer.parseInt(f[2]), Double.parseDouble(f[3]), Double.parseDouble(f[4])));
        }
        return out;
    }

    static BufferedImage draw(List<Point> points, String title) {
        Map<String, List<Point>> byProgram = new LinkedHashMap<>();
        for (Point p : points) {
            byProgram.computeIfAbsent(p.program(), k -> new ArrayList<>()).add(p);
        }
        int panels = byProgram.size() + 1;
        BufferedImage img = new BufferedImage(PANEL_W * panels, PANEL_H + 40, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, img.getWidth(), img.getHeight());
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        centered(g, title, img.getWidth() / 2, 24);
        int x0 = 0;
        for (var e : byProgram.entrySet()) {
            timePanel(g, x0, 40, e.getKey(), e.getValue());
            x0 += PANEL_W;
        }
        ratioPanel(g, x0, 40, byProgram);
        g.dispose();
        return img;
    }

    private static void timePanel(Graphics2D g, int ox, int oy, String program, List<Point> pts) {
        TreeSet<Integer> ns = new TreeSet<>();
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (Point p : pts) {
            ns.add(p.n());
            lo = Math.min(lo, Math.max(1e-3, p.mean() - p.stddev()));
            hi = Math.max(hi, p.mean() + p.stddev());
        }
        Axes a = new Axes(ox, oy, ns.first(), ns.last(), Math.pow(10, Math.floor(Math.log10(lo))),
                Math.pow(10, Math.ceil(Math.log10(hi))), true);
        a.frame(g, program + ": wall time (log-log)", "processes N (oversubscribed above the cores)", "seconds", ns);
        int legend = 0;
        for (String launcher : List.of("pmix4j", "mpirun")) {
            List<Point> series = pts.stream().filter(p -> p.launcher().equals(launcher))
                    .sorted((p, q) -> Integer.compare(p.n(), q.n())).toList();
            if (series.isEmpty()) {
                continue;
            }
            Color c = launcher.equals("pmix4j") ? PMIX4J : MPIRUN;
            g.setColor(c);
            g.setStroke(new BasicStroke(2f));
            int px = -1;
            int py = -1;
            for (Point p : series) {
                int x = a.x(p.n());
                int y = a.y(p.mean());
                if (px >= 0) {
                    g.drawLine(px, py, x, y);
                }
                g.fillOval(x - 4, y - 4, 8, 8);
                g.setStroke(new BasicStroke(1f));
                g.drawLine(x, a.y(Math.max(a.ylo, p.mean() - p.stddev())), x, a.y(p.mean() + p.stddev()));
                g.setStroke(new BasicStroke(2f));
                px = x;
                py = y;
            }
            legendEntry(g, ox + LEFT + 12, oy + TOP + 14 + legend++ * 18, c,
                    launcher.equals("pmix4j") ? "pmix4j run -n N" : "mpirun -np N (Open MPI 4.1)");
        }
    }

    private static void ratioPanel(Graphics2D g, int ox, int oy, Map<String, List<Point>> byProgram) {
        TreeSet<Integer> ns = new TreeSet<>();
        Map<String, List<double[]>> ratios = new LinkedHashMap<>();
        double hi = 1.0;
        for (var e : byProgram.entrySet()) {
            List<double[]> r = new ArrayList<>();
            for (Point p : e.getValue()) {
                if (!p.launcher().equals("pmix4j")) {
                    continue;
                }
                for (Point q : e.getValue()) {
                    if (q.launcher().equals("mpirun") && q.n() == p.n()) {
                        r.add(new double[] {p.n(), p.mean() / q.mean()});
                        hi = Math.max(hi, p.mean() / q.mean());
                        ns.add(p.n());
                    }
                }
            }
            r.sort((u, v) -> Double.compare(u[0], v[0]));
            ratios.put(e.getKey(), r);
        }
        if (ns.isEmpty()) {
            return;
        }
        Axes a = new Axes(ox, oy, ns.first(), ns.last(), 0, Math.ceil(hi * 2) / 2, false);
        a.frame(g, "pmix4j / mpirun (mean wall time)", "processes N", "ratio", ns);
        g.setColor(Color.DARK_GRAY);
        g.setStroke(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        g.drawLine(a.left(), a.y(1.0), a.right(), a.y(1.0));
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        g.drawString("target 1.0", a.right() - 60, a.y(1.0) - 4);
        Color[] colors = {new Color(0x2ca02c), new Color(0x9467bd), new Color(0xff7f0e)};
        int i = 0;
        for (var e : ratios.entrySet()) {
            Color c = colors[i % colors.length];
            g.setColor(c);
            g.setStroke(new BasicStroke(2f));
            int px = -1;
            int py = -1;
            for (double[] r : e.getValue()) {
                int x = a.x(r[0]);
                int y = a.y(r[1]);
                if (px >= 0) {
                    g.drawLine(px, py, x, y);
                }
                g.fillOval(x - 4, y - 4, 8, 8);
                px = x;
                py = y;
            }
            // bottom left: the ratios are largest at small N, top left
            legendEntry(g, a.left() + 12, a.bottom() - 10 - (ratios.size() - 1 - i) * 18, c, e.getKey());
            i++;
        }
    }

    private static void legendEntry(Graphics2D g, int x, int y, Color c, String text) {
        g.setColor(c);
        g.setStroke(new BasicStroke(2f));
        g.drawLine(x, y - 4, x + 20, y - 4);
        g.fillOval(x + 6, y - 8, 8, 8);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.drawString(text, x + 26, y);
    }

    private static void centered(Graphics2D g, String text, int cx, int y) {
        FontMetrics fm = g.getFontMetrics();
        g.drawString(text, cx - fm.stringWidth(text) / 2, y);
    }

    /** A panel's plotting area: x is always log2 (N doubles), y log10 or linear. */
    private static final class Axes {
        final int ox;
        final int oy;
        final double xlo;
        final double xhi;
        final double ylo;
        final double yhi;
        final boolean logY;

        Axes(int ox, int oy, double xlo, double xhi, double ylo, double yhi, boolean logY) {
            this.ox = ox;
            this.oy = oy;
            this.xlo = xlo;
            this.xhi = xhi == xlo ? xlo * 2 : xhi;
            this.ylo = ylo;
            this.yhi = yhi;
            this.logY = logY;
        }

        int left() {
            return ox + LEFT;
        }

        int right() {
            return ox + PANEL_W - RIGHT;
        }

        int top() {
            return oy + TOP;
        }

        int bottom() {
            return oy + PANEL_H - BOTTOM;
        }

        int x(double n) {
            double f = (log2(n) - log2(xlo)) / (log2(xhi) - log2(xlo));
            return (int) Math.round(left() + f * (right() - left()));
        }

        int y(double v) {
            double f = logY ? (Math.log10(v) - Math.log10(ylo)) / (Math.log10(yhi) - Math.log10(ylo))
                    : (v - ylo) / (yhi - ylo);
            return (int) Math.round(bottom() - f * (bottom() - top()));
        }

        void frame(Graphics2D g, String title, String xlabel, String ylabel, TreeSet<Integer> ns) {
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            FontMetrics fm = g.getFontMetrics();
            List<Double> yticks = new ArrayList<>();
            if (logY) {
                for (double d = ylo; d <= yhi * 1.0001; d *= 10) {
                    for (int m : new int[] {1, 2, 5}) {
                        if (d * m <= yhi * 1.0001) {
                            yticks.add(d * m);
                        }
                    }
                }
            } else {
                double step = (yhi - ylo) <= 2 ? 0.25 : (yhi - ylo) <= 5 ? 0.5 : 1;
                for (double v = ylo; v <= yhi + 1e-9; v += step) {
                    yticks.add(v);
                }
            }
            for (double v : yticks) {
                int y = y(v);
                g.setColor(GRID);
                g.drawLine(left(), y, right(), y);
                g.setColor(Color.BLACK);
                String s = logY ? new java.math.BigDecimal(String.format(Locale.ROOT, "%.3g", v)).stripTrailingZeros()
                        .toPlainString() : String.format(Locale.ROOT, "%.2f", v);
                g.drawString(s, left() - 6 - fm.stringWidth(s), y + 4);
            }
            for (int n : ns) {
                int x = x(n);
                g.setColor(GRID);
                g.drawLine(x, top(), x, bottom());
                g.setColor(Color.BLACK);
                String s = Integer.toString(n);
                g.drawString(s, x - fm.stringWidth(s) / 2, bottom() + 16);
            }
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(1f));
            g.drawRect(left(), top(), right() - left(), bottom() - top());
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
            centered(g, title, (left() + right()) / 2, top() - 10);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            centered(g, xlabel, (left() + right()) / 2, bottom() + 36);
            Graphics2D r = (Graphics2D) g.create();
            r.rotate(-Math.PI / 2);
            r.drawString(ylabel, -(top() + bottom()) / 2 - r.getFontMetrics().stringWidth(ylabel) / 2, ox + 16);
            r.dispose();
        }

        private static double log2(double v) {
            return Math.log(v) / Math.log(2);
        }
    }
}
