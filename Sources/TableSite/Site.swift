import Foundation
import TableApp
import TableKit
import TableRender

/// An app ready to be shown: its storyboard, the renderer and the URL builder. The server and
/// the static export share one, so a page is reached and rendered one way only.
public struct Site: Sendable {
    public let storyboard: any TableStoryboard
    public let renderer: PageRenderer
    public let urls: URLBuilder
    /// Where rows lead, kept for the rows a later snapshot carries unchanged.
    let linkAnswers: LinkAnswers

    /// How many rows of long sections the site asked its controllers where they lead, rather
    /// than answering from what it kept.
    package var linkQuestionCount: Int { linkAnswers.askedRowCount }

    /// Makes a site.
    public init(storyboard: any TableStoryboard, renderer: PageRenderer, urls: URLBuilder) {
        self.init(storyboard: storyboard, renderer: renderer, urls: urls, linkAnswers: LinkAnswers())
    }

    private init(storyboard: any TableStoryboard, renderer: PageRenderer, urls: URLBuilder, linkAnswers: LinkAnswers) {
        self.storyboard = storyboard
        self.renderer = renderer
        self.urls = urls
        self.linkAnswers = linkAnswers
    }

    /// The same site with another URL builder (an export's relative links). The answers kept
    /// are where rows lead, not their URLs, so they stay shared.
    public func with(urls: URLBuilder) -> Site { Site(storyboard: storyboard, renderer: renderer, urls: urls, linkAnswers: linkAnswers) }

    /// The app file's runtime, when the storyboard is one: its store lets pages be cached by the
    /// revisions of their lists and long lists be sent while they are read.
    public var appRuntime: AppRuntime? { storyboard as? AppRuntime }

    /// The app's language, for every page.
    public var language: String { storyboard.language }

    /// The prefix of the asset URLs of the page at `path`.
    public func assets(_ path: [String]) -> String { urls.assets(from: path) + "_assets/" }
}

/// How a page is shown: the view state its URL holds, and what the request adds.
public struct PageOptions: Sendable {
    public var state: ViewState
    public var notice: String?
    /// The form token; `nil` renders a read-only page.
    public var csrf: String?
    public var exportNote: String?

    /// Makes options.
    public init(state: ViewState = ViewState(), notice: String? = nil, csrf: String? = nil, exportNote: String? = nil) {
        self.state = state
        self.notice = notice
        self.csrf = csrf
        self.exportNote = exportNote
    }

    var isReadOnly: Bool { csrf == nil }

    /// Whether the table shows in editing mode: asked for, and the page not read-only.
    public var showsEditing: Bool { state.isEditing && !isReadOnly }
}
