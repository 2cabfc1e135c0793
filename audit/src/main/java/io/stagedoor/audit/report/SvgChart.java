package io.stagedoor.audit.report;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/** A line chart as inline SVG, so the HTML report needs no script and no external asset. */
final class SvgChart {

    private static final int WIDTH = 960;
    private static final int HEIGHT = 280;
    private static final int LEFT = 64;
    private static final int RIGHT = 16;
    private static final int TOP = 28;
    private static final int BOTTOM = 36;
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    /**
     * One line.
     *
     * @param name   the legend
     * @param color  a CSS colour
     * @param values one value per x; NaN where there is none (the line breaks)
     */
    record Series(String name, String color, double[] values) {
    }

    private SvgChart() {
    }

    static String lines(String title, String unit, List<Instant> xs, List<Series> series) {
        double max = 0;
        for (Series line : series) {
            for (double value : line.values()) {
                if (!Double.isNaN(value)) {
                    max = Math.max(max, value);
                }
            }
        }
        max = niceCeiling(max);
        int plotWidth = WIDTH - LEFT - RIGHT;
        int plotHeight = HEIGHT - TOP - BOTTOM;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg viewBox=\"0 0 %d %d\" "
                + "width=\"100%%\" role=\"img\" aria-label=\"%s\">", WIDTH, HEIGHT, Html.escape(title)));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"18\" class=\"title\">%s</text>", LEFT,
                Html.escape(title)));
        for (int tick = 0; tick <= 4; tick++) {
            double value = max * tick / 4;
            double y = TOP + plotHeight - plotHeight * tick / 4.0;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>",
                    LEFT, WIDTH - RIGHT, y, y));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" class=\"axis\" text-anchor=\"end\">%s%s</text>",
                    LEFT - 6, y + 4, format(value), tick == 4 ? " " + Html.escape(unit) : ""));
        }
        int count = xs.size();
        for (int tick = 0; count > 0 && tick <= 5; tick++) {
            int index = (int) Math.round((count - 1) * tick / 5.0);
            double x = x(index, count, plotWidth);
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"axis\" text-anchor=\"middle\">%s</text>",
                    x, HEIGHT - 12, CLOCK.format(xs.get(index))));
        }
        int legendX = LEFT + 260;
        for (Series line : series) {
            svg.append(polylines(line, count, plotWidth, plotHeight, max));
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"9\" width=\"12\" height=\"4\" fill=\"%s\"/>"
                    + "<text x=\"%d\" y=\"16\" class=\"axis\">%s</text>", legendX, line.color(), legendX + 16,
                    Html.escape(line.name())));
            legendX += 24 + 8 * line.name().length();
        }
        return svg.append("</svg>").toString();
    }

    private static String polylines(Series line, int count, int plotWidth, int plotHeight, double max) {
        StringBuilder out = new StringBuilder();
        StringBuilder points = new StringBuilder();
        for (int i = 0; i <= count; i++) {
            double value = i < count ? line.values()[i] : Double.NaN;
            if (Double.isNaN(value)) {
                if (!points.isEmpty()) {
                    out.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" "
                            + "points=\"%s\"/>", line.color(), points.toString().trim()));
                    points.setLength(0);
                }
                continue;
            }
            double y = TOP + plotHeight - (max == 0 ? 0 : plotHeight * value / max);
            points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x(i, count, plotWidth), y));
        }
        return out.toString();
    }

    private static double x(int index, int count, int plotWidth) {
        return LEFT + (count <= 1 ? 0 : plotWidth * index / (double) (count - 1));
    }

    private static double niceCeiling(double max) {
        if (max <= 0) {
            return 1;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(max)));
        for (double step : new double[] {1, 2, 2.5, 5, 10}) {
            if (step * magnitude >= max) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }

    private static String format(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%,d", (long) value)
                : String.format(Locale.ROOT, "%.1f", value);
    }
}
