// Any other /v1 path - JSON 404, so API clients never get an HTML page
import { notAnEndpoint } from "@/lib/http/with-api";

export const dynamic = "force-dynamic";
const handler = async () => notAnEndpoint();
export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
