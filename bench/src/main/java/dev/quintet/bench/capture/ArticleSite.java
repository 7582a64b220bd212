package dev.quintet.bench.capture;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.imageio.ImageIO;

/**
 * A realistic article page served on 127.0.0.1 for the render benchmark: a page of about 2,400 words with a header,
 * navigation, a 1200×600 PNG hero image, a side column and a footer, styled by an external stylesheet. Nothing
 * on the page is fetched from elsewhere, so both the capture API and the baseline load exactly the same bytes.
 */
final class ArticleSite implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(8);

    ArticleSite() throws IOException {
        Map<String, Resource> resources = Map.of(
                "/article.html", new Resource("text/html; charset=utf-8", page().getBytes(StandardCharsets.UTF_8)),
                "/style.css", new Resource("text/css; charset=utf-8", CSS.getBytes(StandardCharsets.UTF_8)),
                "/hero.png", new Resource("image/png", heroImage()));
        server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 64);
        server.createContext("/", exchange -> serve(exchange, resources.get(exchange.getRequestURI().getPath())));
        server.setExecutor(threads);
        server.start();
    }

    /** The article's address. */
    String articleUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/article.html";
    }

    private static void serve(HttpExchange exchange, Resource resource) throws IOException {
        try (exchange) {
            if (resource == null) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", resource.type());
            exchange.sendResponseHeaders(200, resource.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(resource.body());
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }

    private record Resource(String type, byte[] body) {
    }

    private static byte[] heroImage() throws IOException {
        System.setProperty("java.awt.headless", "true");
        BufferedImage image = new BufferedImage(1200, 600, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setPaint(new GradientPaint(0, 0, new Color(0x1d, 0x4e, 0x89), 1200, 600, new Color(0xe8, 0x9f, 0x3c)));
        g.fillRect(0, 0, 1200, 600);
        g.setColor(new Color(255, 255, 255, 70));
        for (int i = 0; i < 40; i++) {
            int x = (i * 173) % 1200;
            int y = (i * 97) % 600;
            g.fillOval(x, y, 40 + (i * 13) % 160, 40 + (i * 29) % 160);
        }
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }

    private static String page() {
        StringBuilder body = new StringBuilder();
        String[] headings = {"How the harbour changed", "The first winter", "Counting the boats", "What the records say",
                "A town that kept its tides", "Looking ahead"};
        for (int section = 0; section < headings.length; section++) {
            body.append("<h2>").append(headings[section]).append("</h2>\n");
            for (int p = 0; p < 5; p++) {
                body.append("<p>").append(PARAGRAPH.replace("{n}", Integer.toString(section * 5 + p + 1)))
                        .append("</p>\n");
            }
            if (section == 2) {
                body.append("<blockquote>“We measured the tide every morning for eleven years, and the numbers never"
                        + " lied to us once,” said the harbour master.</blockquote>\n");
                body.append("<table><thead><tr><th>Year</th><th>Boats</th><th>Catch (t)</th></tr></thead><tbody>");
                for (int y = 0; y < 8; y++) {
                    body.append("<tr><td>").append(2016 + y).append("</td><td>").append(40 + y * 3)
                            .append("</td><td>").append(310 + y * 17).append("</td></tr>");
                }
                body.append("</tbody></table>\n");
            }
        }
        return """
                <!doctype html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>The harbour that kept its tides — The Coastal Review</title>
                <link rel="stylesheet" href="/style.css">
                </head>
                <body>
                <header class="site"><div class="brand">The Coastal Review</div>
                <nav><a href="#">News</a><a href="#">Science</a><a href="#">Culture</a><a href="#">Opinion</a>
                <a href="#">Travel</a><a href="#">Subscribe</a></nav></header>
                <main>
                <article>
                <p class="kicker">Long read</p>
                <h1>The harbour that kept its tides</h1>
                <p class="byline">By Mara Lindqvist · 14 March 2026 · 12 min read</p>
                <figure><img src="/hero.png" width="1200" height="600" alt="The harbour at dawn">
                <figcaption>The harbour at dawn, seen from the old pier.</figcaption></figure>
                %s
                </article>
                <aside><h3>Most read</h3><ol><li><a href="#">Ferries return to the northern route</a></li>
                <li><a href="#">A museum of lost anchors</a></li><li><a href="#">Why the gulls left</a></li>
                <li><a href="#">The lighthouse keeper's ledger</a></li></ol>
                <div class="newsletter"><h3>The weekly tide</h3><p>One email every Friday with the week's best
                stories.</p><button>Sign up</button></div></aside>
                </main>
                <footer><p>© 2026 The Coastal Review · <a href="#">About</a> · <a href="#">Privacy</a> ·
                <a href="#">Contact</a></p></footer>
                </body>
                </html>
                """.formatted(body);
    }

    private static final String PARAGRAPH = "Paragraph {n}. For most of the last century the harbour was measured"
            + " in boats rather than in tides: how many left before dawn, how many came back, and how much they"
            + " carried. The town's records, kept in a row of green ledgers at the harbour office, tell a quieter story"
            + " underneath those numbers. Every morning someone walked to the end of the pier, read the painted scale"
            + " on the oldest piling and wrote down the height of the water, the wind and a word about the sky. When"
            + " the fishing declined the readings went on, and when a university team came to study the coast they"
            + " found an unbroken series that nobody had thought to publish.";

    private static final String CSS = """
            *{box-sizing:border-box}
            body{margin:0;font-family:Georgia,'DejaVu Serif',serif;color:#222;background:#faf8f4;line-height:1.6}
            header.site{display:flex;align-items:center;justify-content:space-between;padding:14px 40px;
              background:#13324f;color:#fff;position:sticky;top:0}
            .brand{font:700 24px/1 'DejaVu Sans',Arial,sans-serif;letter-spacing:.02em}
            nav a{color:#dbe7f3;margin-left:22px;text-decoration:none;font:15px 'DejaVu Sans',Arial,sans-serif}
            main{display:grid;grid-template-columns:minmax(0,1fr) 300px;gap:48px;max-width:1180px;margin:32px auto;
              padding:0 24px}
            .kicker{text-transform:uppercase;color:#b5532a;font:700 13px 'DejaVu Sans',Arial,sans-serif;margin:0}
            h1{font-size:44px;line-height:1.15;margin:8px 0 12px}
            .byline{color:#666;font:14px 'DejaVu Sans',Arial,sans-serif}
            figure{margin:24px 0}
            figure img{width:100%;height:auto;border-radius:6px;box-shadow:0 6px 24px rgba(0,0,0,.18)}
            figcaption{color:#666;font-size:14px;margin-top:6px}
            h2{font-size:28px;margin-top:40px;border-bottom:2px solid #e4ddd0;padding-bottom:6px}
            p{font-size:18px}
            blockquote{margin:28px 0;padding:12px 24px;border-left:4px solid #b5532a;font-style:italic;
              font-size:21px;background:#f2ece2}
            table{border-collapse:collapse;width:100%;font:15px 'DejaVu Sans',Arial,sans-serif}
            th,td{border-bottom:1px solid #ddd;padding:8px;text-align:right}
            th:first-child,td:first-child{text-align:left}
            thead{background:#13324f;color:#fff}
            aside{font-family:'DejaVu Sans',Arial,sans-serif;font-size:15px}
            aside ol{padding-left:20px}
            aside a{color:#13324f}
            .newsletter{margin-top:32px;padding:20px;background:#13324f;color:#fff;border-radius:8px}
            .newsletter button{background:#e89f3c;border:0;padding:10px 18px;border-radius:4px;font-weight:700}
            footer{background:#222;color:#bbb;text-align:center;padding:24px;font:14px 'DejaVu Sans',Arial,sans-serif}
            footer a{color:#ddd}
            @media print{header.site{position:static}}
            """;
}
