import TableApp
import TableRender

/// The editors' sign-in sheet.
enum LoginPage {
    static func render(site: Site, error: String?, session: Session) -> String {
        let sheet = SheetContext(title: "Sign In", sectionTitle: "Editor password", action: site.urls.basePath + "_login",
                                 csrf: session.csrf, revision: "", cancelHref: site.urls.basePath, saveTitle: "Sign In",
                                 errorSummary: error, hiddenFields: [],
                                 fields: [FieldContext(name: "password", label: "Password", kind: .text, isRequired: true, error: error)])
        let bar = NavigationBarContext(title: "Sign In", label: "Sheet", cancel: LinkContext(href: site.urls.basePath, title: "Cancel"),
                                       save: SaveButtonContext(title: "Sign In", form: "sheet-form"))
        return site.renderer.render(sheet: sheet, documentTitle: "Sign In", language: site.runtime.app.language,
                                    assets: site.assets([]), navigationBar: bar)
    }
}
