import Foundation

/// An http or https address given on the command line (`--site-url`, `--public-url`), read as
/// browsers and sitemaps will read it: a host name written in ASCII (one beyond it in its `xn--`
/// form, which this machine's Foundation does not make) and a port a TCP port can be.
enum WebAddress {
    enum Reading {
        case address(URL)
        /// Not an http or https address with a host.
        case notWebAddress
        /// An address, but one that would be written wrong: why.
        case refused(String)
    }

    static func read(_ text: String) -> Reading {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              url.host?.isEmpty == false else { return .notWebAddress }
        // As written: Foundation hands back such a host percent-encoded, which no browser or sitemap reads.
        let authority = text[(text.range(of: "://")?.upperBound ?? text.endIndex)...].prefix { !"/?#".contains($0) }
        guard authority.unicodeScalars.allSatisfy(\.isASCII), !authority.contains("%") else {
            return .refused("its host name is not written in ASCII; write it in its xn-- form (IDNA), as links and sitemaps must")
        }
        if let port = url.port, !(1...65_535).contains(port) {
            return .refused("its port \(port) is not one a connection can use (1 to 65535)")
        }
        return .address(url)
    }
}
