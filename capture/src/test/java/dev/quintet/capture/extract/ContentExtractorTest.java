package dev.quintet.capture.extract;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The extractor on HTML given directly, without a browser. */
class ContentExtractorTest {

    private final ContentExtractor extractor = new ContentExtractor();
    private static final String PROSE = "The committee met on Tuesday, discussed the budget at length, and agreed"
            + " to publish its report before the summer, after a final reading by the members.";

    @ParameterizedTest
    @CsvSource({
        "2026-03-02T09:15:00+01:00, 2026-03-02T08:15:00Z",
        "2026-03-02T09:15:00+0100, 2026-03-02T08:15:00Z",
        "2026-03-02 09:15:00Z, 2026-03-02T09:15:00Z",
        "2026-03-02T09:15:00.123-05:00, 2026-03-02T14:15:00Z",
        "2026-03-02T09:15, 2026-03-02T09:15:00",
        "2026-03-02, 2026-03-02",
        "'Mon, 02 Mar 2026 09:15:00 GMT', 2026-03-02T09:15:00Z",
        "last Tuesday, ''"})
    void writesDatesAsIsoInUtcWhenTheOffsetIsKnown(String raw, String expected) {
        assertThat(PageDates.normalise(raw)).isEqualTo(expected == null || expected.isEmpty() ? null : expected);
    }

    @Test
    void usesJsonLdArticleBodyWhenThePageOnlyHasAShell() {
        String html = "<html><head><script type='application/ld+json'>{\"@type\":\"Article\",\"headline\":\"H\","
                + "\"articleBody\":\"" + PROSE + "\\n\\n" + PROSE.replace("Tuesday", "Friday") + "\"}</script></head>"
                + "<body><div id=root><p>Loading the article, please wait a moment for it to appear.</p></div></body></html>";

        Extraction e = extractor.extract(html, null);

        assertThat(e.contentText()).isEqualTo(PROSE + "\n\n" + PROSE.replace("Tuesday", "Friday"));
    }

    @Test
    void joinsTextSplitIntoManySmallBlocksAndDropsTeaserLists() {
        StringBuilder blocks = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            blocks.append("<div class=w><div class=c><div class=t><span>").append(PROSE.replace("Tuesday", "day " + i))
                    .append("</span></div></div></div>");
        }
        String teasers = "<div class=more>" + ("<div><a href=/x><h3>Another story</h3></a><p>" + PROSE
                + "</p></div>").repeat(4) + "</div>";
        Extraction e = extractor.extract("<html><body><div class=col>" + blocks + "</div>" + teasers + "</body></html>",
                "https://news.example/a");

        assertThat(e.contentText().split("\n\n")).hasSize(5).allMatch(p -> p.startsWith("The committee met on day"));
    }

    @Test
    void countsEachCjkCharacterAsAWord() {
        Extraction e = extractor.extract("<html><body><article><p>老城区改造保留了百年街巷的原貌，居民们很高兴。"
                + "</p></article></body></html>", null);

        assertThat(e.wordCount()).isEqualTo(21);
    }

    @Test
    void writesTablesAndCodeInEachForm() {
        String html = "<html><body><article><p>" + PROSE + "</p><table><tr><th>Code</th><th>Meaning</th></tr>"
                + "<tr><td>401</td><td>No key</td></tr></table><pre>curl -H 'x: y'\n  https://a.example</pre>"
                + "<p>" + PROSE + "</p></article></body></html>";

        Extraction e = extractor.extract(html, null);

        assertThat(e.contentMarkdown()).contains("| Code | Meaning |\n| --- | --- |\n| 401 | No key |",
                "```\ncurl -H 'x: y'\n  https://a.example\n```");
        assertThat(e.contentText()).contains("Code\tMeaning\n401\tNo key", "curl -H 'x: y'\n  https://a.example");
        assertThat(e.contentHtml()).contains("<td>401</td>");
    }
}
