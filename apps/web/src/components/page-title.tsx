/**
 * The page's one `h1`, for pages whose design shows no title of their own (the home page, lists,
 * the map): read by screen readers and used to navigate by headings, not drawn.
 */
export function PageTitle({ children }: { children: string }) {
  return <h1 className="visually-hidden">{children}</h1>;
}
