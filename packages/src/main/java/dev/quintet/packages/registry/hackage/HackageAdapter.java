package dev.quintet.packages.registry.hackage;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.RegistryAdapter;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamResponse;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import java.net.URI;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;

/**
 * Reads Hackage: the package page {@code <hackage>/package/<name>} (HTML, conditionally: every version, synopsis,
 * licence, home page, source repository, deprecation) and its release feed {@code /package/<name>.rss} (dates of
 * the releases it lists, the newest; older ones stay undated). A version's dependencies are the
 * {@code build-depends} of {@code /package/<name>-<version>/<name>.cabal} ({@link CabalFile}).
 */
public final class HackageAdapter implements RegistryAdapter {

    private static final DateTimeFormatter RSS_DATE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss zzz", Locale.ENGLISH);

    private final URI base;
    private final UpstreamHttp http;

    public HackageAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.HACKAGE;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        URI uri = UpstreamHttp.resolve(base, "/package/" + name);
        UpstreamResponse page = http.get(uri, known, "text/html");
        if (page.missing()) {
            return new ProjectFetch.Missing();
        }
        if (page.notModified()) {
            return new ProjectFetch.NotModified(page.validators());
        }
        Document doc = Jsoup.parse(page.body(), uri.toString());
        Map<String, Element> properties = new HashMap<>();
        for (Element row : doc.select("table.properties tr")) {
            if (row.selectFirst("th") != null && row.selectFirst("td") != null) {
                properties.put(row.selectFirst("th").ownText().replace('\u00a0', ' ').strip(), row.selectFirst("td"));
            }
        }
        Element versionCell = properties.get("Versions");
        if (versionCell == null) {
            throw UpstreamHttp.badAnswer(uri, "not a Hackage package page (no Versions row)").failure(null);
        }
        String license = text(properties.get("License"));
        Map<String, Instant> dates = dates(name);
        List<UpstreamVersion> versions = new ArrayList<>();
        for (Element v : versionCell.select("a, strong")) {
            String number = v.text().strip();
            if (Ecosystem.HACKAGE.versions().isValid(number) && versions.stream().noneMatch(x -> x.number().equals(number))) {
                versions.add(new UpstreamVersion(number, dates.get(number), license, null, null));
            }
        }
        if (versions.isEmpty()) {
            throw UpstreamHttp.badAnswer(uri, "not a Hackage package page (no versions)").failure(null);
        }
        Element synopsis = doc.selectFirst("h1 small");
        Element repo = properties.get("Source repo") == null ? null : properties.get("Source repo").selectFirst("a[href]");
        boolean deprecated = doc.select("#content .warning, .deprecated").text().toLowerCase(Locale.ROOT).contains("deprecated");
        return new ProjectFetch.Fetched(new UpstreamProject(name, synopsis == null ? null : synopsis.text(),
                text(properties.get("Home page")), repo == null ? null : repo.attr("href"),
                license == null ? List.of() : List.of(license), List.of(), deprecated ? "deprecated" : "active", versions),
                page.validators());
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        URI uri = UpstreamHttp.resolve(base, "/package/" + name + "-" + version + "/" + name + ".cabal");
        return CabalFile.dependencies(http.require(uri, "text/plain").body(), name);
    }

    /** Release dates from the feed; none when it is missing or unreadable (dates are not essential). */
    private Map<String, Instant> dates(String name) {
        UpstreamResponse feed = http.get(UpstreamHttp.resolve(base, "/package/" + name + ".rss"), Validators.NONE,
                "application/rss+xml");
        Map<String, Instant> out = new HashMap<>();
        if (feed.status() != 200) {
            return out;
        }
        for (Element item : Jsoup.parse(feed.body(), "", Parser.xmlParser()).select("item")) {
            String title = item.select("title").text();
            String pubDate = item.select("pubDate").text();
            if (title.startsWith(name + "-")) {
                String number = title.substring(name.length() + 1).split("\\s")[0];
                try {
                    out.putIfAbsent(number, ZonedDateTime.parse(pubDate.strip(), RSS_DATE).toInstant());
                } catch (DateTimeParseException e) {
                    out.putIfAbsent(number, null);
                }
            }
        }
        return out;
    }

    private static String text(Element cell) {
        return cell == null || cell.text().isBlank() ? null : cell.text().strip();
    }
}
