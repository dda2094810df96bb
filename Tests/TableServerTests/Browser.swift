import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TableApp
import TableRender
@testable import TableServer
import TableSite
import TableStore

/// A person's browser with JavaScript off: keeps cookies, reads the page's forms, follows 303s.
final class Browser: @unchecked Sendable {
    let client: any TestClientProtocol
    private var cookies: [String: String] = [:]
    private(set) var lastPage = ""

    init(client: any TestClientProtocol) { self.client = client }

    struct Page {
        var status: Int
        var html: String
        var headers: HTTPFields
        var location: String?
        /// The body as it came, before any decoding (gzip stays gzip).
        var bytes: [UInt8] = []

        var root: XMLElement? { LibXML.parse(html, file: "page").root }
        var text: String { root?.normalizedText ?? "" }
        /// The rows' texts, top to bottom.
        var rowTexts: [String] {
            root?.all(having: "data-index-path").compactMap { $0.first { $0.attributes["class"] == "cell__text" }?.text } ?? []
        }
        /// The notice the page shows, if any.
        var notice: String? { root?.first { $0.attributes["id"] == "notice" }?.normalizedText }
        /// A hidden field of the page's action or sheet form.
        func field(_ name: String) -> String? {
            root?.first { $0.name == "input" && $0.attributes["name"] == name }?.attributes["value"]
        }
    }

    /// GET (or HEAD) `uri` and return the page.
    @discardableResult
    func get(_ uri: String, method: HTTPRequest.Method = .get, accept: String = "text/html", headers extra: HTTPFields = [:]) async throws -> Page {
        var headers: HTTPFields = [.accept: accept]
        headers.append(contentsOf: extra)
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        let response = try await client.execute(uri: uri, method: method, headers: headers)
        remember(response.headers)
        let page = Page(status: Int(response.status.code), html: String(buffer: response.body), headers: response.headers,
                        location: response.headers[.location], bytes: Array(buffer: response.body))
        if page.status == 200 { lastPage = page.html }
        return page
    }

    /// POST a form; with `follow`, a 303 is followed to the page it names.
    @discardableResult
    func post(_ uri: String, _ fields: [(String, String)], contentType: String = "application/x-www-form-urlencoded",
              accept: String = "text/html", headers: HTTPFields = [:], follow: Bool = true) async throws -> Page {
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await post(uri, body: body, contentType: contentType, accept: accept, headers: headers, follow: follow)
    }

    /// POST `body`, with `headers` besides its type, what it accepts and the cookies.
    @discardableResult
    func post(_ uri: String, body: String, contentType: String, accept: String = "text/html", headers extra: HTTPFields = [:],
              follow: Bool = true) async throws -> Page {
        var headers: HTTPFields = [.contentType: contentType, .accept: accept]
        headers.append(contentsOf: extra)
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        let response = try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
        remember(response.headers)
        let page = Page(status: Int(response.status.code), html: String(buffer: response.body), headers: response.headers,
                        location: response.headers[.location])
        if follow, page.status == 303, let location = page.location {
            return try await get(String(location.split(separator: "#").first ?? ""))
        }
        return page
    }

    /// Sends `method` to `uri` without a body.
    func send(_ method: HTTPRequest.Method, _ uri: String) async throws -> Page {
        let response = try await client.execute(uri: uri, method: method, headers: [:])
        return Page(status: Int(response.status.code), html: String(buffer: response.body), headers: response.headers, location: nil)
    }

    /// The value of the cookie `name` this browser holds, if any.
    func cookie(named name: String) -> String? { cookies[name] }

    /// Every cookie this browser holds, as a `Cookie` header would carry them.
    var cookieHeader: String { cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }

    /// Takes cookies from a `Cookie` header, as if copied from another browser.
    func setCookies(_ header: String) {
        for pair in header.split(separator: ";") {
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if parts.count == 2 { cookies[String(parts[0])] = String(parts[1]) }
        }
    }

    /// The CSRF token and revision of `page`'s forms.
    func tokens(of page: Page) -> (csrf: String, revision: String) {
        (page.field("csrf") ?? "", page.field("revision") ?? "")
    }

    private func remember(_ headers: HTTPFields) {
        for value in headers[values: .setCookie] {
            let pair = value.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { continue }
            if pair[1].isEmpty { cookies[String(pair[0])] = nil } else { cookies[String(pair[0])] = String(pair[1]) }
        }
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)?.replacingOccurrences(of: "%20", with: "+") ?? text
    }
}

/// A server a test talks to through Hummingbird's router test client.
protocol ServedSite {
    var server: SiteServer { get }
}

extension ServedSite {
    /// Runs `body` with a browser talking to the server through Hummingbird's router test client.
    func browse(_ body: @escaping @Sendable (Browser) async throws -> Void) async throws {
        let app = Application(router: server.router())
        try await app.test(.router) { client in try await body(Browser(client: client)) }
    }

    /// The site of `app` over `store`, rendered with the repository's templates.
    static func site(_ app: AppDefinition, store: SQLiteStore) throws -> Site {
        let templates = try TemplateSet(folder: ServedDemo.repository.appendingPathComponent("Templates").path, appFolder: app.templateFolder)
        return Site(storyboard: AppRuntime(app: app, store: store, sceneRows: SceneRowCache()), renderer: PageRenderer(templates: templates), urls: URLBuilder())
    }
}

/// The demo app served from a fresh database, for one test.
struct ServedDemo: ServedSite {
    let folder: URL
    private(set) var server: SiteServer
    let store: SQLiteStore

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    init(editorPassword: PasswordHash? = nil, host: String = "127.0.0.1", streamingWindow: Int? = nil,
         publicFolder: String? = nil, signInClock: (@Sendable () -> Date)? = nil) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try SQLiteStore(path: folder.appendingPathComponent("demo.sqlite").path, durability: .normal)
        try await DemoApp.seedIfEmpty(store)
        let site = try Self.site(try DemoApp.definition(), store: store)
        var configuration = ServerConfiguration(host: host, port: 0,
                                                publicFolder: publicFolder ?? Self.repository.appendingPathComponent("Public").path,
                                                editorPassword: editorPassword)
        if let streamingWindow { configuration.streamingWindow = streamingWindow }
        server = SiteServer(site: site, configuration: configuration)
        if let signInClock { server.signInThrottle = SignInThrottle(clock: signInClock) }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
