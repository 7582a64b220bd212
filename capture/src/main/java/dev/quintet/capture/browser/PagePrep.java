package dev.quintet.capture.browser;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.TimeoutError;
import com.microsoft.playwright.options.LoadState;
import com.microsoft.playwright.options.Media;
import com.microsoft.playwright.options.WaitForSelectorState;
import dev.quintet.platform.errors.ApiException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What is done to a page once it has loaded, in this order: scroll through it so lazy images load, add the
 * caller's CSS and the rules hiding elements, run the caller's script, then wait for an element to appear.
 *
 * @param media the CSS media type to emulate, screen or print; null keeps Chromium's default for the output
 * @param scroll scroll to the bottom and back so lazily loaded content appears
 * @param css a style sheet to add, or null
 * @param hideSelectors selectors of elements to hide
 * @param hideCookieBanners whether the consent banners of common consent tools are hidden
 * @param js a script to run in the page (its body may use await), or null
 * @param waitFor a selector that must become visible before the capture, or null
 */
public record PagePrep(String media, boolean scroll, String css, List<String> hideSelectors, boolean hideCookieBanners,
                       String js, String waitFor) {

    public static final PagePrep NONE = new PagePrep(null, false, null, List.of(), false, null, null);

    /** Elements of widespread consent tools, and the generic names sites give their own banners. */
    static final List<String> COOKIE_BANNERS = List.of("#onetrust-banner-sdk", "#onetrust-consent-sdk",
            "#CybotCookiebotDialog", "#CybotCookiebotDialogBodyUnderlay", ".qc-cmp2-container", "#qc-cmp2-container",
            "#didomi-host", ".fc-consent-root", "#truste-consent-track", ".truste_overlay", "#usercentrics-root",
            "#cmpbox", "#cmpbox2", ".cc-window", ".cc-banner", "#cookie-law-info-bar", ".cky-consent-container",
            "#iubenda-cs-banner", ".osano-cm-window", "#sp_message_container", "[id^='sp_message_container']",
            ".cookie-banner", ".cookie-notice", ".cookie-consent", "#cookie-banner", "#cookie-notice",
            "#cookie-consent", "[aria-label='cookieconsent']");

    private static final int MAX_SCROLL_STEPS = 60;
    private static final int LAZY_LOAD_WAIT_MILLIS = 3_000;
    private static final Pattern ERROR_MESSAGE = Pattern.compile("message[=:] ?'([^'\\n]{1,300})");

    public PagePrep {
        hideSelectors = List.copyOf(hideSelectors);
    }

    void beforeLoad(Page page) {
        if (media != null) {
            page.emulateMedia(new Page.EmulateMediaOptions().setMedia(media.equals("print") ? Media.PRINT : Media.SCREEN));
        }
    }

    void afterLoad(Page page) {
        if (scroll) {
            scrollThrough(page);
        }
        String hiding = hidingRules();
        if (css != null || !hiding.isEmpty()) {
            page.addStyleTag(new Page.AddStyleTagOptions().setContent((css == null ? "" : css) + "\n" + hiding));
        }
        if (js != null) {
            try {
                page.evaluate("async () => {\n" + js + "\n}");
            } catch (TimeoutError e) {
                throw e;
            } catch (PlaywrightException e) {
                throw new ApiException(422, "script_failed", "the js parameter's script threw: "
                        + firstLine(e.getMessage()), "js");
            }
        }
        if (waitFor != null) {
            waitFor(page);
        }
    }

    private String hidingRules() {
        StringBuilder rules = new StringBuilder();
        for (String selector : hideSelectors) {
            rules.append(selector).append(" { visibility: hidden !important; }\n");
        }
        if (hideCookieBanners) {
            rules.append(String.join(", ", COOKIE_BANNERS)).append(" { display: none !important; }\n")
                    .append("html, body { overflow: auto !important; }\n");
        }
        return rules.toString();
    }

    private static void scrollThrough(Page page) {
        page.evaluate("async (steps) => {"
                + " const pause = () => new Promise(r => setTimeout(r, 120));"
                + " for (let i = 0; i < steps; i++) {"
                + "   const before = window.scrollY; window.scrollBy(0, window.innerHeight); await pause();"
                + "   if (window.scrollY === before) break; }"
                + " window.scrollTo(0, 0); await pause(); }", MAX_SCROLL_STEPS);
        try {
            page.waitForLoadState(LoadState.NETWORKIDLE,
                    new Page.WaitForLoadStateOptions().setTimeout(LAZY_LOAD_WAIT_MILLIS));
        } catch (TimeoutError e) {
            // images still coming: capture what has arrived
        }
    }

    private void waitFor(Page page) {
        try {
            page.waitForSelector(waitFor, new Page.WaitForSelectorOptions().setState(WaitForSelectorState.VISIBLE));
        } catch (TimeoutError e) {
            throw new ApiException(422, "element_not_found", "wait_for selector " + waitFor
                    + " did not become visible before the timeout", "wait_for");
        } catch (PlaywrightException e) {
            throw ApiException.invalidParameter("wait_for", "wait_for must be a valid CSS selector, got " + waitFor);
        }
    }

    /** The thrown error's message as Playwright reports it, without the stack. */
    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        Matcher quoted = ERROR_MESSAGE.matcher(message);
        if (quoted.find()) {
            return quoted.group(1);
        }
        return message.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("at "))
                .findFirst().orElse("").replaceFirst("^Error: ", "");
    }
}
