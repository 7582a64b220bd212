package dev.quintet.capture.pdf;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.Margin;
import dev.quintet.platform.errors.ApiException;

/** Prints a loaded page to PDF with Chromium's print engine. */
public final class Pdfs {

    private static final String DEFAULT_TEMPLATE = "<span></span>";
    /** The PDF's title is the document's: a page without one is titled by its first heading, else its address. */
    private static final String ENSURE_TITLE = """
            () => {
              if (document.title.trim()) return;
              const heading = document.querySelector('h1');
              const text = heading && heading.textContent.trim()
                  ? heading.textContent.trim().replace(/\\s+/g, ' ')
                  : (location.protocol.startsWith('http') ? location.href : '');
              if (text) document.title = text.slice(0, 300);
            }""";

    public byte[] print(Page page, PdfSpec spec) {
        page.evaluate(ENSURE_TITLE);
        Page.PdfOptions options = new Page.PdfOptions()
                .setLandscape(spec.landscape())
                .setPrintBackground(spec.printBackground())
                .setScale(spec.scale())
                .setPreferCSSPageSize(spec.preferCssPageSize())
                .setMargin(new Margin().setTop(spec.margins()[0]).setRight(spec.margins()[1])
                        .setBottom(spec.margins()[2]).setLeft(spec.margins()[3]));
        if (spec.pageWidth() != null) {
            options.setWidth(spec.pageWidth()).setHeight(spec.pageHeight());
        } else {
            options.setFormat(spec.pageSize());
        }
        if (spec.pageRanges() != null) {
            options.setPageRanges(spec.pageRanges());
        }
        if (spec.headerHtml() != null || spec.footerHtml() != null) {
            options.setDisplayHeaderFooter(true)
                    .setHeaderTemplate(readable(spec.headerHtml()))
                    .setFooterTemplate(readable(spec.footerHtml()));
        }
        try {
            return page.pdf(options);
        } catch (PlaywrightException e) {
            String message = e.getMessage() == null ? "" : e.getMessage();
            if (message.toLowerCase(java.util.Locale.ROOT).contains("page range")) {
                throw new ApiException(422, "invalid_page_ranges", "page_ranges " + spec.pageRanges()
                        + " selects pages the document does not have", "page_ranges");
            }
            throw e;
        }
    }

    private static String readable(String template) {
        if (template == null) {
            return DEFAULT_TEMPLATE;
        }
        return "<div style=\"font-size:10px;width:100%;padding:0 0.4in;font-family:sans-serif\">" + template
                + "</div>";
    }
}
