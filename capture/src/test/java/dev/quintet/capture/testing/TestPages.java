package dev.quintet.capture.testing;

/** The pages the test site serves, written for these tests. */
public final class TestPages {

    private TestPages() {
    }

    static String page(String path, String base) {
        return switch (path) {
            case "/red" -> "<html><body style='margin:0;background:#ff0000'><div id='box' style='position:absolute;"
                    + "left:10px;top:20px;width:120px;height:60px;background:#0000ff'></div></body></html>";
            case "/tall" -> "<html><body style='margin:0'><div style='height:3000px;background:linear-gradient("
                    + "#fff,#000)'></div></body></html>";
            case "/slow", "/plain" -> "<html><head><title>Plain</title></head><body><p>plain page</p></body></html>";
            case "/long" -> "<html><body>" + "<p style='height:900px'>page</p>".repeat(5) + "</body></html>";
            case "/cookie" -> "<html><head><script>document.title = document.cookie || 'none';"
                    + "document.cookie = 'seen=1; max-age=3600';</script></head><body>cookie</body></html>";
            case "/article" -> ARTICLE.replace("BASE", base);
            case "/structured" -> STRUCTURED;
            case "/script-written" -> "<html><head><title>Shell</title></head><body><main id=m><p>Written in the"
                    + " page itself, so every reader sees this paragraph whether or not scripts run.</p></main>"
                    + "<script>document.getElementById('m').insertAdjacentHTML('beforeend', '<p>Added by script"
                    + " after loading, which only a browser runs.</p>');</script></body></html>";
            case "/styled" -> "<html><head><style>body{margin:0;background:#ff0000}"
                    + "@media print{body{background:#00ff00}}"
                    + "@media (prefers-reduced-motion: reduce){body{background:#0000ff}}</style></head>"
                    + "<body><div class='cc-window' style='position:fixed;inset:0;background:#000000'></div>"
                    + "</body></html>";
            case "/late" -> "<html><body style='margin:0'><script>setTimeout(() => {"
                    + "const d = document.createElement('div'); d.id = 'late'; d.textContent = 'late';"
                    + "document.body.appendChild(d); }, 400);</script></body></html>";
            case "/lazy" -> "<html><body style='margin:0'><div style='height:9000px'>top</div>"
                    + "<img loading='lazy' src='/lazy-pixel.png' width='10' height='10'></body></html>";
            default -> null;
        };
    }

    /** Pages served as bytes with their own Content-Type: other charsets, other types, a 7 MiB page. */
    static byte[] raw(String path) {
        return switch (path) {
            case "/latin1" -> ("<html><head><title>Caf\u00e9 cr\u00e8me</title></head><body><article><p>"
                    + "Un caf\u00e9 cr\u00e8me co\u00fbte deux euros \u00e0 la gare, servi avec un verre d'eau et"
                    + " un petit biscuit, comme autrefois.</p></article></body></html>")
                    .getBytes(java.nio.charset.Charset.forName("windows-1252"));
            case "/meta-charset" -> ("<html><head><meta charset=\"iso-8859-1\"><title>Stra\u00dfe</title></head>"
                    + "<body><p>Die Stra\u00dfe am Flu\u00df wird im Fr\u00fchjahr f\u00fcr den Verkehr gesperrt,"
                    + " weil die Br\u00fccke saniert wird.</p></body></html>")
                    .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            case "/data.json" -> "{\"title\": \"not a page\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            case "/huge" -> ("<p>" + "filler text ".repeat(87_000) + "</p>\n")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8);
            default -> null;
        };
    }

    static String rawType(String path) {
        return switch (path) {
            case "/latin1" -> "text/html; charset=windows-1252";
            case "/meta-charset" -> "text/html";
            case "/data.json" -> "application/json";
            default -> "text/html; charset=utf-8";
        };
    }

    /**
     * A page whose title lists some of the request's headers, and loading an image from {@code third} (another
     * origin) when the query names one.
     */
    static String headers(com.sun.net.httpserver.Headers headers, String query) {
        StringBuilder text = new StringBuilder();
        for (String name : java.util.List.of("X-Test", "Cookie", "User-Agent", "Accept-Language")) {
            text.append(name.toLowerCase(java.util.Locale.ROOT)).append('=')
                    .append(String.valueOf(headers.getFirst(name)).replaceAll("[<>&]", "_")).append(" | ");
        }
        String image = query != null && query.startsWith("third=") ? "<img src='" + query.substring(6) + "'>" : "";
        return "<html><head><title>" + text + "</title></head><body><p>headers</p>" + image + "</body></html>";
    }

    /** An article described by JSON-LD (in a {@code @graph}), with dates in several spellings. */
    public static final String STRUCTURED = """
            <!doctype html>
            <html><head><title>Tide tables | Harbour Notes</title>
            <meta property="article:published_time" content="2026-01-01T00:00:00Z">
            <meta property="og:locale" content="en_GB">
            <script type="application/ld+json">
            {"@context": "https://schema.org", "@graph": [
              {"@type": "WebSite", "name": "Harbour Notes", "url": "https://notes.example/"},
              {"@type": ["NewsArticle"], "headline": "Tide tables for the spring", "datePublished": "2026-03-02T09:15:00+01:00",
               "dateModified": "2026-03-03T18:00:00-05:00",
               "author": [{"@type": "Person", "name": "Ana Ruiz"}, {"@type": "Person", "name": "Tom Berg"}],
               "publisher": {"@type": "Organization", "name": "Harbour Notes"},
               "image": {"@type": "ImageObject", "url": "/img/tides.png"}}
            ]}
            </script>
            <script type="application/ld+json">{ this is not json }</script>
            </head><body><article><h1>Tide tables for the spring</h1>
            <p><time datetime="2020-01-01">Long ago</time></p>
            <p>The spring tides arrive in the first week of April this year, and the harbour master asks owners of
            small boats to check their moorings before the highest water, which comes shortly after dawn.</p>
            <p>Tables for every day of the season are posted at the harbour office and on the noticeboard by the
            slipway, and they are printed in the weekly paper.</p>
            </article></body></html>
            """;

    /** A news article with navigation, a share bar, a cookie notice, related links and comments. */
    public static final String ARTICLE = """
            <!doctype html>
            <html lang="en-GB"><head>
            <title>Harbour Bridge Reopens | The Coast Gazette</title>
            <meta name="description" content="The old harbour bridge reopened after two years of repairs.">
            <meta name="author" content="Mara Quinn">
            <meta property="og:title" content="Harbour Bridge Reopens After Repairs">
            <meta property="og:site_name" content="The Coast Gazette">
            <meta property="og:image" content="BASE/img/bridge.jpg">
            <meta name="twitter:card" content="summary_large_image">
            <meta name="twitter:site" content="@coastgazette">
            <link rel="canonical" href="/news/harbour-bridge">
            </head><body>
            <header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav></header>
            <div class="cookie-banner">We use cookies. <button>Accept</button></div>
            <div class="share-bar"><a href="https://social.example/share">Share</a></div>
            <article>
            <h1>Harbour Bridge Reopens After Repairs</h1>
            <p>The old harbour bridge reopened to traffic on Monday morning, after two years of repairs that cost
            the town more than it had planned, and after a long winter of detours for everyone living on the
            east bank.</p>
            <h2>What changed</h2>
            <p>Engineers replaced the corroded steel of the deck, repainted the towers in their original green,
            and added a wide lane for bicycles, which local groups had asked for since the bridge was built.</p>
            <img src="/img/deck.jpg" alt="The new deck">
            <p>The mayor thanked residents for their patience and said the <a href="/news/detours">detours</a>
            would be removed by the end of the week, with buses returning to their usual routes.</p>
            </article>
            <aside class="related"><h3>Related</h3><ul><li><a href="/a">Ferry fares rise</a></li>
            <li><a href="/b">New car park</a></li></ul></aside>
            <section class="comments"><h3>Comments</h3><p>First! This comment should not be in the text at all.</p>
            </section>
            <footer><a href="/about">About us</a> Copyright The Coast Gazette</footer>
            </body></html>
            """;
}
