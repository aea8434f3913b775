/** A signed-in parent as the demo form fills it in: name and email from the account, and the children to pick from. */
export interface DemoFormAccount {
  name: string;
  email: string;
  children: Array<{ id: number; firstName: string; grade: number }>;
}
