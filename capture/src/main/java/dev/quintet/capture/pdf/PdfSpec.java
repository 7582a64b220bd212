package dev.quintet.capture.pdf;

/**
 * How to print a page.
 *
 * @param pageSize a named paper size (A0..A6, Letter, Legal, Tabloid, Ledger), or null when width/height are given
 * @param pageWidth paper width as a CSS length, or null
 * @param pageHeight paper height as a CSS length, or null
 * @param landscape print in landscape orientation
 * @param margins top, right, bottom and left margins as CSS lengths
 * @param printBackground print background colours and images
 * @param scale rendering scale, 0.1..2
 * @param pageRanges pages to print such as {@code 1-3,5}, or null for all
 * @param headerHtml header template, or null
 * @param footerHtml footer template, or null
 * @param preferCssPageSize let the page's CSS {@code @page size} win
 */
public record PdfSpec(String pageSize, String pageWidth, String pageHeight, boolean landscape, String[] margins,
                      boolean printBackground, double scale, String pageRanges, String headerHtml,
                      String footerHtml, boolean preferCssPageSize) {

    public PdfSpec {
        if ((pageWidth == null) != (pageHeight == null)) {
            throw new IllegalArgumentException("pageWidth and pageHeight must be given together");
        }
        if (margins == null || margins.length != 4) {
            throw new IllegalArgumentException("margins must hold four lengths");
        }
        if (scale < 0.1 || scale > 2) {
            throw new IllegalArgumentException("scale must be 0.1..2, got " + scale);
        }
    }
}
